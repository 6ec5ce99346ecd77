/**
 * Who may read the metrics (METRICS_ALLOW, src/env.ts; docs/decisions/032-metrics.md). They
 * show traffic, order flow and the process's health: not secret, but not for everyone.
 */
import type { IncomingMessage } from "node:http";

export type MetricsAllow = "loopback" | "admin" | "open";
export type MetricsAccess = "allowed" | "unauthenticated" | "forbidden";

/**
 * A direct connection from this host: a loopback socket and no X-Forwarded-For. A reverse
 * proxy on the same host connects from loopback too, but says whom it forwards: that request
 * is not "from this host".
 */
export function isLoopbackRequest(req: Pick<IncomingMessage, "headers" | "socket">): boolean {
  if (req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined) return false;
  const address = req.socket?.remoteAddress ?? "";
  return address === "::1" || /^(::ffff:)?127\./.test(address);
}

export function metricsAccess(allow: readonly MetricsAllow[], who: { loopback: boolean; role: string | null }): MetricsAccess {
  if (allow.includes("open")) return "allowed";
  if (allow.includes("loopback") && who.loopback) return "allowed";
  if (allow.includes("admin")) {
    if (who.role === "admin") return "allowed";
    if (who.role === null) return "unauthenticated";
  }
  return "forbidden";
}
