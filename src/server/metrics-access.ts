/**
 * Who may read the metrics (METRICS_ALLOW, src/env.ts; docs/decisions/032-metrics.md). They
 * show traffic, order flow and the process's health: not secret, but not for everyone.
 */
import type { IncomingMessage } from "node:http";
import { hasRole } from "@/lib/roles";

export type MetricsAllow = "loopback" | "admin" | "open";
export type MetricsAccess = "allowed" | "unauthenticated" | "forbidden";

/**
 * A connection from this host: a loopback socket, and every address X-Forwarded-For names
 * loopback too. A reverse proxy on this host also connects from loopback, but names whom it
 * forwards: a request from outside is not "from this host". (Next itself fills in
 * X-Forwarded-For with the socket's address when it is missing, so it is always there.)
 */
export function isLoopbackRequest(req: Pick<IncomingMessage, "headers" | "socket">): boolean {
  if (req.headers.forwarded !== undefined) return false;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((a) => a.trim()).filter(Boolean);
  return [req.socket?.remoteAddress ?? "", ...forwarded].every(isLoopbackAddress);
}

function isLoopbackAddress(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

export function metricsAccess(allow: readonly MetricsAllow[], who: { loopback: boolean; role: string | null }): MetricsAccess {
  if (allow.includes("open")) return "allowed";
  if (allow.includes("loopback") && who.loopback) return "allowed";
  if (allow.includes("admin")) {
    if (hasRole(who.role, "admin")) return "allowed";
    if (who.role === null) return "unauthenticated";
  }
  return "forbidden";
}
