/**
 * The process's metrics, in one prom-client registry served as Prometheus text by
 * GET /api/metrics (docs/decisions/032-metrics.md). Next bundles API routes, pages and
 * instrumentation separately, so the registry and its metrics live on globalThis (like the
 * database handle): every bundle counts into the same ones.
 *
 * Labels are bounded: a route is its pattern (`/api/portfolios/[id]/orders`), never the URL;
 * a status is its class (`2xx`); a rejection is its code (a fixed set in the domain); a task
 * is a scheduler task's name. Gauges that read state (database pool, live streams) are read
 * when scraped, not kept up to date on every request.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Seconds; from 1 ms to 10 s (an order takes ~15–60 ms here, a page ~50 ms). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; ticks and scheduled tasks run from ~10 ms to several seconds (bench/tick.ts, bench/ranking.ts). */
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface PoolStats {
  /** Connections open (busy + idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
  /** When (Date.now()) a connection last came back to the pool without an error: the database answered. */
  answeredAt: number;
}

export interface Metrics {
  registry: Registry;
  httpRequestSeconds: Histogram<"method" | "route" | "status_class">;
  ordersPlaced: Counter<"outcome">;
  ordersRejected: Counter<"code">;
  simulatorTicks: Counter<"outcome">;
  simulatorTickSeconds: Histogram;
  simulatorOrdersFilled: Counter;
  schedulerTaskSeconds: Histogram<"task" | "outcome">;
  liveStreams: Gauge;
  /** What the database gauges read when scraped (src/server/db/index.ts sets it). */
  database: { kind: "pglite" | "postgres"; pool?: () => PoolStats } | undefined;
}

function create(): Metrics {
  const registry = new Registry();
  // Node's own (process_cpu_seconds_total, nodejs_eventloop_lag_seconds, heap…), under their usual names.
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    httpRequestSeconds: new Histogram({
      name: "tickerlab_http_request_duration_seconds",
      help: "API requests answered, by route pattern, method and status class: time from the handler's start to the answer.",
      labelNames: ["method", "route", "status_class"],
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    }),
    ordersPlaced: new Counter({
      name: "tickerlab_orders_placed_total",
      help: "Orders placed and recorded, by what became of them (filled, resting, rejected); idempotent replays are not counted again.",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    ordersRejected: new Counter({
      name: "tickerlab_orders_rejected_total",
      help: "Orders recorded as rejected, by rejection code.",
      labelNames: ["code"],
      registers: [registry],
    }),
    simulatorTicks: new Counter({
      name: "tickerlab_simulator_ticks_total",
      help: "Market simulator ticks run by this instance, by outcome (ok, failed).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    simulatorTickSeconds: new Histogram({
      name: "tickerlab_simulator_tick_duration_seconds",
      help: "Whole simulator tick (write, publish, resting orders), seconds.",
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    simulatorOrdersFilled: new Counter({
      name: "tickerlab_simulator_orders_filled_total",
      help: "Resting orders filled by simulator ticks.",
      registers: [registry],
    }),
    schedulerTaskSeconds: new Histogram({
      name: "tickerlab_scheduler_task_duration_seconds",
      help: "Scheduled task runs on this instance (while it leads), by task and outcome (ok, failed), seconds.",
      labelNames: ["task", "outcome"],
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    liveStreams: new Gauge({
      name: "tickerlab_sse_subscribers",
      help: "Open live-update streams (GET /api/stream) on this instance.",
      registers: [registry],
    }),
    database: undefined,
  };
  new Gauge({
    name: "tickerlab_database_info",
    help: "The database this instance uses (kind: pglite, embedded with one connection; postgres, a pool).",
    labelNames: ["kind"],
    registers: [registry],
    collect() {
      this.reset();
      if (metrics.database) this.set({ kind: metrics.database.kind }, 1);
    },
  });
  const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      // Labelled so that no sample is written without a pool (PGlite): an unlabelled gauge always shows 0.
      labelNames: ["pool"],
      registers: [registry],
      collect() {
        const stats = metrics.database?.pool?.();
        if (stats) this.set({ pool: "main" }, read(stats));
      },
    });
  poolGauge("tickerlab_db_pool_connections", "PostgreSQL pool: connections open (busy and idle). Not reported on PGlite.", (s) => s.total);
  poolGauge("tickerlab_db_pool_idle_connections", "PostgreSQL pool: idle connections.", (s) => s.idle);
  poolGauge("tickerlab_db_pool_waiting_queries", "PostgreSQL pool: queries waiting for a free connection.", (s) => s.waiting);
  poolGauge("tickerlab_db_pool_max_connections", "PostgreSQL pool: its size limit.", (s) => s.max);
  return metrics;
}

const KEY = Symbol.for("tickerlab.metrics");
type Holder = { [KEY]?: Metrics };

/** The process's metrics (created on first use, shared by every bundle). */
export function metrics(): Metrics {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= create());
}

/** "2xx" for 204: the label a status is counted under. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** Seconds since a performance.now() reading. */
export const secondsSince = (started: number) => (performance.now() - started) / 1000;
