/**
 * What the server's own routes answer, as zod schemas (docs/decisions/071): the probes
 * (decision 062), the metrics (032), the OpenAPI document (030) and the test-only controls.
 * No feature owns them — they are the process's and the test harness's, not the product's, and
 * no page reads them — so they live here, beside the server code that builds them.
 */
import * as z from "zod/mini";
import { decimal, instant, int } from "@/lib/api/answers";

const databaseAway = z.object({ status: z.literal("degraded"), database: z.object({ ok: z.literal(false) }) });

/**
 * GET /api/health: the database's kind and round trip; the 503s (database away, shutting down)
 * are bodies of their own, named here too since the route sends them as its answer.
 */
export const healthAnswer = z.union([
  z.object({ status: z.literal("ok"), database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.literal(true), latencyMs: z.number() }) }),
  databaseAway,
  z.object({ status: z.literal("stopping") }),
]);

/** GET /api/live: the process answers. */
export const liveAnswer = z.object({ status: z.literal("live") });

/** GET /api/ready: 200 `ready`; 503 while starting or stopping (src/server/readiness.ts `startState`) or without the database. */
export const readyAnswer = z.union([z.object({ status: z.enum(["ready", "starting", "stopping"]) }), databaseAway]);

/** GET /api/metrics: Prometheus text, written by the route itself (documented, not checked). */
export const metricsAnswer = z.string();

/** GET /api/openapi.json: an OpenAPI 3.1 document (its own schema is the specification's). */
export const openApiAnswer = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.optional(z.record(z.string(), z.unknown())),
});

/** Test only, POST /api/test/prices: the price set and what it moved (features/trading/moves.ts `PriceMoveResult`). */
export const testPriceAnswer = z.object({
  symbol: z.string(),
  previous: decimal,
  price: decimal,
  candidates: int,
  filled: int,
  triggered: int,
  rejected: int,
  maintenance: int,
  /** Trailing stops whose mark the price moved. */
  trailed: int,
});

/** Test only, POST /api/test/corporate-actions: how many actions were applied. */
export const testCorporateActionsAnswer = z.object({ applied: int });

/** Test only, POST /api/test/snapshots: the aligned instant and how many snapshots were written. */
export const testSnapshotsAnswer = z.object({ at: instant, written: int });

/** Test only, POST /api/test/tasks/{name}: the task run and how long it took. */
export const testTaskAnswer = z.object({ task: z.string(), ms: int });

/**
 * next-auth's JSON answers (GET /api/auth/csrf `{csrfToken}`, …/providers, …/session or `{}`;
 * a POST with `json=true`): its own protocol, so any object; its redirects have no body.
 */
export const nextAuthAnswer = z.record(z.string(), z.unknown());

/** GET /api/stream: Server-Sent Events, a text stream that stays open (its events are described in prose). */
export const streamAnswer = z.string();
