/**
 * Trailing stops and dollar-amount orders over HTTP (docs/decisions/060), on a server of its
 * own whose prices move only when the test sets them (TEST_PRICE_CONTROL, as the browser tests
 * do): a trailing stop's stop follows the high and fills when the price comes back to it; a
 * notional order buys whole shares; bad combinations are 422 naming the field. PGlite, or
 * PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { createTestAdmin, type RunningApp, startApp } from "../setup/app-server";
import { HttpClient } from "../setup/http-client";
import { createServerDatabase } from "../setup/server-database";
import type { FillWire, OrderWire } from "@/lib/live-messages";

let app: RunningApp;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const database = await createServerDatabase();
  dropDatabase = database?.drop;
  app = await startApp({ TEST_PRICE_CONTROL: "1", MARKET_TICK_MS: "0", ...(database && { DATABASE_URL: database.url }) });
  await createTestAdmin(app.url);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await dropDatabase?.();
});

const json = async <T>(res: Response) => (await res.json()) as T;

/** The order as the API answers it: the one wire type (src/lib/live-messages.ts). */
type OrderAnswer = OrderWire;
interface Placed {
  order: OrderAnswer;
  fill: FillWire | null;
  error?: { code: string; message: string; fields?: Record<string, string> };
}

async function trader() {
  const client = new HttpClient(app.url);
  const person = { email: uniqueEmail("ordertypes"), password: "a good password", name: "Trail Trader" };
  expect((await client.register(person)).status).toBe(201);
  await client.signIn(person.email, person.password);
  const { id } = await json<{ id: string }>(await client.request("/api/portfolio"));
  return { client, portfolioId: id };
}

async function setPrice(client: HttpClient, symbol: string, price: string) {
  const res = await client.request("/api/test/prices", { method: "POST", json: { symbol, price } });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<{ filled: number; triggered: number; trailed: number }>(res);
}

const place = (client: HttpClient, portfolioId: string, body: Record<string, unknown>) => client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: body });

async function orderNow(client: HttpClient, portfolioId: string, id: string): Promise<OrderAnswer> {
  const page = await json<{ items: OrderAnswer[] }>(await client.request(`/api/portfolios/${portfolioId}/orders?pageSize=100`));
  return page.items.find((o) => o.id === id)!;
}

describe("a sell trailing stop of 5 % over HTTP", () => {
  it("shows its stop and high-water mark, raises them with the price, and fills when the price falls back to the stop", async () => {
    const { client, portfolioId } = await trader();
    await setPrice(client, "NWRB", "100.00");
    expect((await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", quantity: 10 })).status).toBe(201);

    const res = await place(client, portfolioId, { symbol: "NWRB", side: "sell", type: "trailing-stop", quantity: 10, trailPercent: "5", timeInForce: "gtc" });
    expect(res.status).toBe(201);
    const placed = await json<Placed>(res);
    expect(placed.fill).toBeNull();
    expect(placed.order).toMatchObject({ type: "trailing-stop", status: "open", stopPrice: "95.00", trailPercent: "5.00", trailAmount: null, highWaterMark: "100.00", lowWaterMark: null });

    // Up: a new high carries the mark and the stop along.
    expect(await setPrice(client, "NWRB", "110.00")).toMatchObject({ trailed: 1, filled: 0 });
    expect(await orderNow(client, portfolioId, placed.order.id)).toMatchObject({ status: "open", stopPrice: "104.50", highWaterMark: "110.00" });
    // A dip that stays above the stop changes nothing.
    expect(await setPrice(client, "NWRB", "106.00")).toMatchObject({ trailed: 0, filled: 0 });
    expect(await orderNow(client, portfolioId, placed.order.id)).toMatchObject({ status: "open", stopPrice: "104.50", highWaterMark: "110.00" });

    // Down through the stop: a market sell, priced against the new price.
    expect(await setPrice(client, "NWRB", "104.00")).toMatchObject({ filled: 1 });
    expect(await orderNow(client, portfolioId, placed.order.id)).toMatchObject({ status: "filled", stopPrice: "104.50", highWaterMark: "110.00" });
    const fills = await json<{ items: Array<{ orderId: string; quantity: number; price: string; referencePrice: string; reason: string }> }>(
      await client.request(`/api/portfolios/${portfolioId}/fills`),
    );
    const fill = fills.items.find((f) => f.orderId === placed.order.id)!;
    expect(fill).toMatchObject({ quantity: 10, referencePrice: "104.00" });
    expect(Number(fill.price)).toBeLessThan(104);
    expect(fill.reason).toMatch(/^trailing stop 104\.50 \(5\u00a0% below the high 110\.00\) gapped through \(down to 104\.00\); market sell at /);
    const summary = await json<{ positions: Array<{ symbol: string; quantity: number }> }>(await client.request("/api/portfolio"));
    expect(summary.positions.find((p) => p.symbol === "NWRB")?.quantity ?? 0).toBe(0);
  });

  it("answers bad combinations with 422, a code and the field at fault, and records nothing", async () => {
    const { client, portfolioId } = await trader();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ trailPercent: "5", trailAmount: "2.00" }, "TRAIL_CONFLICT", "trailAmount"],
      [{}, "TRAIL_REQUIRED", "trailPercent"],
      [{ trailPercent: "100" }, "INVALID_TRAIL", "trailPercent"],
      [{ trailPercent: "0" }, "INVALID_TRAIL", "trailPercent"],
      [{ trailPercent: "5", limitPrice: "90.00" }, "PRICE_NOT_APPLICABLE", "limitPrice"],
    ];
    for (const [extra, code, field] of cases) {
      const res = await place(client, portfolioId, { symbol: "NWRB", side: "sell", type: "trailing-stop", quantity: 1, ...extra });
      expect(res.status, code).toBe(422);
      const body = await json<Placed>(res);
      expect(body.error).toMatchObject({ code, fields: { [field]: expect.stringContaining(field) } });
      expect(body.error!.message).toContain(field);
    }
    expect((await json<{ total: number }>(await client.request(`/api/portfolios/${portfolioId}/orders`))).total).toBe(0);
  });
});

describe("a dollar-amount order over HTTP", () => {
  it("buys floor(notional / price) whole shares at the price it fills at; the rest stays cash", async () => {
    const { client, portfolioId } = await trader();
    await setPrice(client, "NWRB", "80.00");
    const res = await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", notional: "2500.00" });
    expect(res.status).toBe(201);
    const { order, fill } = await json<Placed>(res);
    expect(fill).not.toBeNull();
    expect(order).toMatchObject({ status: "filled", notional: "2500.00", quantity: Math.floor(2500 / Number(fill!.price)) });
    expect(fill!.quantity).toBe(order.quantity);
    expect(order.quantity).toBe(31);
    const summary = await json<{ cash: string }>(await client.request("/api/portfolio"));
    expect(Number(summary.cash)).toBeCloseTo(100_000 - order.quantity * Number(fill!.price), 2);
  });

  it("refuses an amount below one share's price (recorded, 422) and input with both or neither of quantity and notional", async () => {
    const { client, portfolioId } = await trader();
    await setPrice(client, "NWRB", "80.00");
    const small = await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", notional: "50.00" });
    expect(small.status).toBe(422);
    const refused = await json<Placed>(small);
    expect(refused.error).toMatchObject({ code: "NOTIONAL_TOO_SMALL" });
    expect(refused.error!.message).toMatch(/^notional 50\.00 does not buy one whole share of NWRB: one costs 80\.04 now/);
    expect(refused.order).toMatchObject({ status: "rejected", notional: "50.00" });

    const both = await json<Placed>(await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", quantity: 1, notional: "100.00" }));
    expect(both.error).toMatchObject({ code: "QUANTITY_OR_NOTIONAL", fields: { notional: expect.any(String) } });
    const neither = await json<Placed>(await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market" }));
    expect(neither.error).toMatchObject({ code: "QUANTITY_OR_NOTIONAL", fields: { quantity: expect.any(String) } });
    const sale = await json<Placed>(await place(client, portfolioId, { symbol: "NWRB", side: "sell", type: "market", notional: "100.00" }));
    expect(sale.error).toMatchObject({ code: "NOTIONAL_NOT_APPLICABLE", fields: { notional: expect.any(String) } });
  });

  it("places a bracket over HTTP: 201 with its legs, the legs listed with parentId, the stop-loss cancelled with the reason when the take-profit fills (decision 065)", async () => {
    const { client, portfolioId } = await trader();
    await setPrice(client, "NWRB", "80.00");
    const res = await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", quantity: 4, orderClass: "bracket", takeProfit: { limitPrice: "88.00" }, stopLoss: { stopPrice: "76.00" }, timeInForce: "gtc" });
    expect(res.status).toBe(201);
    const { order } = await json<Placed>(res);
    expect(order).toMatchObject({ orderClass: "bracket", leg: "entry", parentId: null, status: "filled" });
    expect(order.legs.map((l) => [l.leg, l.status, l.quantity, l.parentId])).toEqual([
      ["take-profit", "open", 4, order.id],
      ["stop-loss", "open", 4, order.id],
    ]);
    expect(await setPrice(client, "NWRB", "89.00")).toMatchObject({ filled: 1 });
    const stopLoss = await orderNow(client, portfolioId, order.legs[1]!.id);
    expect(stopLoss).toMatchObject({ status: "cancelled", parentId: order.id, rejection: null, reason: "The take-profit filled first: the stop-loss is cancelled." });
    const crossed = await json<Placed>(await place(client, portfolioId, { symbol: "NWRB", side: "buy", type: "market", quantity: 1, orderClass: "bracket", takeProfit: { limitPrice: "80.00" }, stopLoss: { stopPrice: "85.00" } }));
    expect(crossed.error).toMatchObject({ code: "LEG_PRICES_CROSSED", fields: { "takeProfit.limitPrice": expect.stringMatching(/must be above stopLoss\.stopPrice/) } });
  });
});
