/**
 * What an order costs the database, counted statement by statement (BEGIN and COMMIT count
 * too): a practice market order is one read and one write inside the engine, whatever the
 * portfolio's history; the session check adds one (docs/decisions/020-trading-engine.md).
 * A change that adds a statement to the hot path fails here.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, joinEvent } from "@/features/events";
import { placeOrder } from "@/features/trading";
import { orders } from "@/server/db/schema";
import { createInstrument, createPortfolio } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";
import { statementCounter } from "../setup/statement-counter";

const counter = statementCounter();
const database = useTestDatabase({ onQuery: counter.onQuery });
// The hubs' reads of live events after a commit are not the order's: one per instance and
// burst of commits, whatever the number of orders (docs/decisions/078); the counter leaves them out.
const statementsOf = async (work: () => Promise<unknown>): Promise<string[]> => (await counter.statementsOf(work)).statements;

const market = (symbol: string, side = "buy", quantity = 1) => ({ symbol, side, type: "market", quantity });

describe("statements per order", () => {
  it("a practice market order: one read and one write, also with an Idempotency-Key and when it rests or is rejected", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const portfolio = await createPortfolio(db);
    const args = { userId: portfolio.userId, portfolioId: portfolio.id };
    const buy = await statementsOf(() => placeOrder(db, { ...args, input: market(instrument.symbol) }));
    expect(buy).toHaveLength(2);
    expect(buy[0]).toMatch(/^\s*select/i);
    expect(buy[1]).toMatch(/^\s*with written as \(\s*update portfolios/i);
    expect(await statementsOf(() => placeOrder(db, { ...args, input: market(instrument.symbol, "sell"), idempotencyKey: randomUUID() }))).toHaveLength(2);
    expect(await statementsOf(() => placeOrder(db, { ...args, input: { ...market(instrument.symbol), type: "limit", limitPrice: "40.00" } }))).toHaveLength(2);
    expect(await statementsOf(() => placeOrder(db, { ...args, input: market(instrument.symbol, "buy", 1_000_000) }))).toHaveLength(2);
  });

  it("replays an Idempotency-Key's answer from the one read", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const request = { userId: portfolio.userId, portfolioId: portfolio.id, input: market(instrument.symbol), idempotencyKey: randomUUID() };
    const first = await placeOrder(db, request);
    let again: unknown;
    expect(await statementsOf(async () => (again = await placeOrder(db, request)))).toHaveLength(1);
    expect(again).toEqual(first);
  });

  it("does not grow with the portfolio's history (2,000 closed orders)", async () => {
    const db = database.db;
    const instrument = await createInstrument(db);
    const portfolio = await createPortfolio(db);
    const now = new Date();
    await db.insert(orders).values(
      Array.from({ length: 2000 }, (_, i) => ({
        portfolioId: portfolio.id,
        symbol: instrument.symbol,
        side: "buy" as const,
        type: "limit" as const,
        quantity: 1,
        limitPrice: "1.00",
        timeInForce: "day" as const,
        status: i % 2 ? ("cancelled" as const) : ("expired" as const),
        createdAt: new Date(now.getTime() - (i + 1) * 60_000),
      })),
    );
    const statements = await statementsOf(() => placeOrder(db, { userId: portfolio.userId, portfolioId: portfolio.id, input: market(instrument.symbol) }));
    expect(statements).toHaveLength(2);
    // The open-orders read is a partial index's, never a scan of the history.
    await db.execute(sql`analyze orders`);
    const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain select 1 from orders o where o.portfolio_id = ${portfolio.id} and o.status = 'open'`);
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/orders_portfolio_open_idx/);
  });

  it("an event order adds one statement for the rules against gambling, only when a rule needs the portfolio's recent trading", async () => {
    const db = database.db;
    const instrument = await createInstrument(db, { lastPrice: "50.00" });
    const organiser = await createTestUser(db, { role: "admin" });
    const start = Date.now() - 60_000;
    const eventOrder = async (rules: Record<string, unknown>) => {
      const made = await createEvent(
        db,
        { id: organiser.id },
        { title: `Counted ${randomUUID().slice(0, 8)}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3_600_000).toISOString(), startingCash: "10000.00", visibility: "public", ...rules } as never,
        new Date(start - 60_000),
      );
      const member = await createTestUser(db);
      const { portfolioId } = await joinEvent(db, member, made.slug);
      const args = { userId: member.id, portfolioId };
      await placeOrder(db, { ...args, input: market(instrument.symbol) });
      return {
        buy: (await statementsOf(() => placeOrder(db, { ...args, input: market(instrument.symbol) }))).length,
        sell: (await statementsOf(() => placeOrder(db, { ...args, input: market(instrument.symbol, "sell") }))).length,
      };
    };
    const plain = await eventOrder({});
    expect(await eventOrder({ minSharePrice: "1.00", minHoldings: 1 })).toEqual(plain);
    expect(await eventOrder({ minHoldMinutes: 1 })).toEqual({ buy: plain.buy, sell: plain.sell + 1 });
    expect(await eventOrder({ maxTradesPerDay: 100, minHoldMinutes: 1 })).toEqual({ buy: plain.buy + 1, sell: plain.sell + 1 });
  });
});
