/**
 * What the metrics and request ids add to one API request, measured in-process (the HTTP
 * benchmarks' noise on a shared 2-core machine is larger than this): a request id (accept or
 * generate, set on the answer), the route label, the latency histogram, and — for an order —
 * the two order counters. Median of 7 runs of 200,000 iterations each.
 *
 *   npx tsx bench/metrics-overhead.ts
 */
import { acceptRequestId } from "../src/lib/request-id";
import { metrics, secondsSince, statusClass } from "../src/server/metrics";
import { routePatternOf } from "../src/server/http/route-pattern";
import { runWithRequestContext } from "../src/server/http/request-context";

const N = 200_000;
const RUNS = 7;
const meta = Symbol.for("NextInternalRequestMeta");
const req = { [meta]: { match: { definition: { pathname: "/api/portfolios/[id]/orders" } } }, headers: {} as Record<string, string> };
const headers = new Map<string, string>();

function perRequest(i: number) {
  const started = performance.now();
  const id = acceptRequestId(i % 2 ? undefined : "client-supplied-id-123");
  headers.set("X-Request-Id", id);
  return runWithRequestContext({ ip: "127.0.0.1", requestId: id }, () => {
    const route = routePatternOf(req as never);
    metrics().httpRequestSeconds.observe({ method: "POST", route, status_class: statusClass(i % 5 ? 201 : 422) }, secondsSince(started));
  });
}

function perOrder(i: number) {
  const m = metrics();
  const rejected = i % 5 === 0;
  m.ordersPlaced.inc({ outcome: rejected ? "rejected" : "filled" });
  if (rejected) m.ordersRejected.inc({ code: "INSUFFICIENT_FUNDS" });
}

function time(fn: (i: number) => void): number {
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < N; i++) fn(i);
    runs.push(((performance.now() - t0) * 1000) / N);
  }
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

async function main() {
  time(perRequest); // warm up
  console.log(`per API request (request id + route label + histogram): ${time(perRequest).toFixed(2)} µs`);
  console.log(`per order (counters): ${time(perOrder).toFixed(2)} µs`);
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await metrics().registry.metrics();
  console.log(`a scrape (registry.metrics()): ${((performance.now() - t0) / 50).toFixed(2)} ms`);
}

void main();
