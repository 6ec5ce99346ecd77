/**
 * The start's progress, for the person who runs `npm start` (docs/decisions/037): ordinary log
 * lines carrying a `startup` field — JSON like every other line of the server log — which
 * scripts/start.mjs shows as plain sentences, so a first start that creates the database says
 * what it is doing instead of going quiet for a minute. The last one is the "Ready" line.
 */
import { env } from "@/env";
import type { AdminOnSignUp } from "@/server/auth/users";
import { syncLogger } from "@/server/logger";

export type StartupPhase = "database" | "create-database" | "lessons" | "market-history" | "ready";

export function startupProgress(phase: StartupPhase, message: string, detail: Record<string, unknown> = {}): void {
  syncLogger().info({ ...detail, startup: phase }, message);
}

/** One line: where to open the app, and what to do first when nobody can administer it yet. */
export function readyLine(admin: AdminOnSignUp, origin = env().APP_ORIGIN): string {
  const open = `Ready: open ${origin}`;
  if (admin === "first-account") return `${open} and create the first account — it becomes the admin`;
  if (admin === "listed-addresses") return `${open} and create an account with an address listed in ADMIN_EMAILS — it becomes an admin`;
  if (admin === "nobody") return `${open} — there is no admin yet: make one with \`npm run user -- promote <address>\``;
  return open;
}
