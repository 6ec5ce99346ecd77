/** The trading engine's part of "Export my data": portfolios, positions, orders, fills and cash movements. */
import { and, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { fills, ledgerEntries, orders, portfolioValuations, positions } from "@/server/db/schema";
import { chronological, inPages, type PersonalDataSection, type TimeCursor } from "@/server/personal-data";
import { portfolioIdsOf } from "./portfolios";
import { serializeFill, serializeOrder } from "./rows";

const ordersInTime = chronological(orders.createdAt, orders.id);
const fillsInTime = chronological(fills.createdAt, fills.id);
const ledgerInTime = chronological(ledgerEntries.createdAt, ledgerEntries.id);

export function tradingPersonalData(db: Db, userId: string): PersonalDataSection[] {
  let ids: Promise<string[]> | undefined;
  const portfolioIds = () => (ids ??= portfolioIdsOf(db, userId));

  /** Every portfolio's rows in time order, a keyset page at a time. */
  function perPortfolio<Row extends { cursor: string }, Out>(
    readPage: (portfolioId: string, after: TimeCursor | undefined, limit: number) => Promise<Row[]>,
    idOf: (row: Row) => string | number,
    shown: (row: Row) => Out,
  ): () => AsyncGenerator<Out> {
    return async function* () {
      for (const portfolioId of await portfolioIds()) {
        const rows = inPages((after: TimeCursor | undefined, limit) => readPage(portfolioId, after, limit), (row) => ({ at: row.cursor, id: String(idOf(row)) }));
        for await (const row of rows) yield shown(row);
      }
    };
  }

  return [
    {
      name: "portfolios",
      value: () => db.select().from(portfolioValuations).where(eq(portfolioValuations.userId, userId)).orderBy(portfolioValuations.createdAt),
    },
    {
      name: "positions",
      rows: async function* () {
        for (const portfolioId of await portfolioIds()) yield* await db.select().from(positions).where(eq(positions.portfolioId, portfolioId)).orderBy(positions.symbol);
      },
    },
    {
      name: "orders",
      rows: perPortfolio(
        (portfolioId, after, limit) =>
          db
            .select({ order: orders, cursor: ordersInTime.cursor })
            .from(orders)
            .where(and(eq(orders.portfolioId, portfolioId), ordersInTime.after(after)))
            .orderBy(...ordersInTime.order)
            .limit(limit),
        (r) => r.order.id,
        (r) => ({ ...serializeOrder(r.order), idempotencyKey: r.order.idempotencyKey }),
      ),
    },
    {
      name: "fills",
      rows: perPortfolio(
        (portfolioId, after, limit) =>
          db
            .select({ fill: fills, cursor: fillsInTime.cursor })
            .from(fills)
            .where(and(eq(fills.portfolioId, portfolioId), fillsInTime.after(after)))
            .orderBy(...fillsInTime.order)
            .limit(limit),
        (r) => r.fill.id,
        (r) => serializeFill(r.fill),
      ),
    },
    {
      name: "cashMovements",
      rows: perPortfolio(
        (portfolioId, after, limit) =>
          db
            .select({ entry: ledgerEntries, cursor: ledgerInTime.cursor })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.portfolioId, portfolioId), ledgerInTime.after(after)))
            .orderBy(...ledgerInTime.order)
            .limit(limit),
        (r) => r.entry.id,
        (r) => r.entry,
      ),
    },
  ];
}
