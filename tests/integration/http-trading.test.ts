/** HTTP contract of the market and trading routes, against the shared test server (no TEST_PRICE_CONTROL). */
import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv";
import { uniqueEmail } from "../factories/emails";
import { Client, TEST_ADMIN } from "./http-client";

const json = async <T>(res: Response) => (await res.json()) as T;

async function member() {
  const client = new Client();
  const person = { email: uniqueEmail("trader"), password: "a good password", name: "Trader" };
  await client.register(person);
  await client.signIn(person.email, person.password);
  return client;
}

interface Summary {
  id: string;
  cash: string;
  equity: string;
  buyingPower: string;
  positions: Array<{ symbol: string; quantity: number; lastPrice: string }>;
}
interface OrderBody {
  order: { id: string; status: string; symbol: string; quantity: number };
  fill?: { price: string } | null;
  error?: { code: string; message: string };
}

async function portfolioOf(client: Client) {
  const res = await client.request("/api/portfolio");
  expect(res.status).toBe(200);
  return json<Summary>(res);
}

const order = (client: Client, id: string, body: unknown, key?: string) =>
  client.request(`/api/portfolios/${id}/orders`, { method: "POST", json: body, headers: key ? { "Idempotency-Key": key } : {} });

describe("market and trading API", () => {
  it("answers 401 without a session", async () => {
    const anonymous = new Client();
    for (const path of ["/api/portfolio", "/api/instruments", "/api/instruments/NWRB/candles"]) {
      const res = await anonymous.request(path);
      expect(res.status, path).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    }
  });

  it("lists the seeded universe with prices, and its backfilled candles", async () => {
    const client = await member();
    const { items } = await json<{ items: Array<{ symbol: string; lastPrice: string; dayChange: string; sector: string }> }>(await client.request("/api/instruments"));
    expect(items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(items.map((i) => i.sector)).size).toBeGreaterThanOrEqual(8);
    expect(items[0]!.lastPrice).toMatch(/^\d+\.\d{2}$/);
    const daily = await json<{ items: Array<{ start: string; close: string }> }>(await client.request("/api/instruments/NWRB/candles?interval=1d"));
    expect(daily.items.length).toBeGreaterThanOrEqual(365);
    const minute = await json<{ items: unknown[] }>(await client.request("/api/instruments/NWRB/candles?interval=1m"));
    expect(minute.items.length).toBeGreaterThanOrEqual(1000);
    expect((await client.request("/api/instruments/NOPE/candles")).status).toBe(404);
    expect((await client.request("/api/instruments/NWRB/candles?interval=5m")).status).toBe(400);
  });

  it("creates the practice portfolio once, buys at market, and replays an Idempotency-Key", async () => {
    const client = await member();
    const first = await portfolioOf(client);
    expect(first).toMatchObject({ cash: "100000.00", equity: "100000.00" });
    expect((await portfolioOf(client)).id).toBe(first.id);

    const body = { symbol: "NWRB", side: "buy", type: "market", quantity: 10 };
    const placed = await order(client, first.id, body, "buy-nwrb-1");
    expect(placed.status).toBe(201);
    const answer = await json<OrderBody>(placed);
    expect(answer.order.status).toBe("filled");
    expect(answer.fill!.price).toMatch(/^\d+\.\d{2}$/);
    const replay = await order(client, first.id, body, "buy-nwrb-1");
    expect(replay.status).toBe(201);
    expect(await json(replay)).toEqual(answer);
    const reused = await order(client, first.id, { ...body, quantity: 11 }, "buy-nwrb-1");
    expect(reused.status).toBe(422);
    expect(await json(reused)).toMatchObject({ error: { code: "IDEMPOTENCY_KEY_REUSED" } });
    expect((await order(client, first.id, body, "x".repeat(101))).status).toBe(400);

    const after = await portfolioOf(client);
    expect(after.positions).toEqual([expect.objectContaining({ symbol: "NWRB", quantity: 10 })]);
    const fills = await json<{ items: unknown[]; total: number; page: number; pageSize: number }>(await client.request(`/api/portfolios/${first.id}/fills`));
    expect(fills).toMatchObject({ total: 1, page: 1, pageSize: 20 });
  });

  it("answers 422 with a stable code, keeps the rejection in the history, and 409 on a second cancel", async () => {
    const client = await member();
    const { id } = await portfolioOf(client);
    const tooBig = await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 100_000 });
    expect(tooBig.status).toBe(422);
    const refused = await json<OrderBody>(tooBig);
    expect(refused.error!.code).toBe("INSUFFICIENT_FUNDS");
    expect(refused.order.status).toBe("rejected");
    expect((await json<OrderBody>(await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1.5 }))).error!.code).toBe("INVALID_QUANTITY");
    expect((await json<OrderBody>(await order(client, id, { symbol: "NWRB", side: "sell", type: "market", quantity: 1 }))).error!.code).toBe("INSUFFICIENT_SHARES");
    expect((await json<OrderBody>(await order(client, id, { symbol: "ZZZZ", side: "buy", type: "market", quantity: 1 }))).error!.code).toBe("UNKNOWN_INSTRUMENT");
    expect((await order(client, id, { symbol: "NWRB", side: "buy" })).status).toBe(400);

    const rejected = await json<{ items: Array<{ id: string; rejection: { code: string } }>; total: number }>(await client.request(`/api/portfolios/${id}/orders?status=rejected`));
    expect(rejected.items.map((o) => o.id)).toContain(refused.order.id);

    const resting = await json<OrderBody>(await order(client, id, { symbol: "NWRB", side: "buy", type: "limit", quantity: 1, limitPrice: "1.00", timeInForce: "gtc" }));
    expect(resting.order.status).toBe("open");
    const cancel = await client.request(`/api/portfolios/${id}/orders/${resting.order.id}`, { method: "DELETE" });
    expect(cancel.status).toBe(200);
    expect(await json(cancel)).toMatchObject({ status: "cancelled" });
    const again = await client.request(`/api/portfolios/${id}/orders/${resting.order.id}`, { method: "DELETE" });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ error: { code: "ORDER_NOT_OPEN" } });
  });

  it("refuses a field it does not know with 400 naming it, and places nothing (a misspelt exit is not a plain buy)", async () => {
    const client = await member();
    const { id } = await portfolioOf(client);
    const res = await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1, orderClass: "bracket", stopLose: { stopPrice: "1.00" } });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; message: string; fields: Record<string, string> } }>(res);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.fields)).toEqual(["stopLose"]);
    expect(body.error.message).toMatch(/"stopLose" is not a field of this request/);
    // Inside an exit too: a misspelt stop-loss limit must not become a stop at market.
    const nested = await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1, orderClass: "bracket", takeProfit: { limitPrice: "999.00" }, stopLoss: { stopPrice: "1.00", limitPrce: "0.90" } });
    expect(nested.status).toBe(400);
    expect(Object.keys((await json<{ error: { fields: Record<string, string> } }>(nested)).error.fields)).toEqual(["stopLoss.limitPrce"]);
    // A bracket missing an exit is an order with legs that is not whole: 422 naming the field (decision 065).
    const half = await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1, orderClass: "bracket", stopLoss: { stopPrice: "1.00" } });
    expect(half.status).toBe(422);
    expect(await json(half)).toMatchObject({ error: { code: "TAKE_PROFIT_REQUIRED", fields: { takeProfit: expect.stringMatching(/needs takeProfit/) } } });
    const placed = await json<{ total: number }>(await client.request(`/api/portfolios/${id}/orders`));
    expect(placed.total).toBe(0);
    expect((await portfolioOf(client)).positions).toEqual([]);
  });

  it("hides someone else's portfolio (404), except from admins", async () => {
    const owner = await member();
    const { id } = await portfolioOf(owner);
    const stranger = await member();
    for (const path of [`/api/portfolios/${id}`, `/api/portfolios/${id}/orders`, `/api/portfolios/${id}/fills`, `/api/portfolios/${id}/export.csv`]) {
      expect((await stranger.request(path)).status, path).toBe(404);
    }
    expect((await order(stranger, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1 })).status).toBe(404);
    const admin = new Client();
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await admin.request(`/api/portfolios/${id}`)).status).toBe(200);
    // Admins read; they do not trade on someone else's portfolio.
    expect((await order(admin, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 1 })).status).toBe(404);
  });

  it("exports orders and fills as a CSV attachment with formula-safe cells", async () => {
    const client = await member();
    const { id } = await portfolioOf(client);
    // A market order sent with a GTC left over from an earlier ticket is recorded as what it is: a day order.
    const placed = await json<{ order: { timeInForce: string } }>(
      await order(client, id, { symbol: "NWRB", side: "buy", type: "market", quantity: 2, timeInForce: "gtc", note: "=Buying the dip, \"cheap\" after the report" }),
    );
    expect(placed.order.timeInForce).toBe("day");
    const res = await client.request(`/api/portfolios/${id}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="portfolio-.*\.csv"$/);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^record,id,order_id,time,symbol,side/);
    expect(lines.filter((l) => l.startsWith("order,"))).toHaveLength(1);
    const header = lines[0]!.split(",");
    const orderCells = lines.find((l) => l.startsWith("order,"))!.split(",");
    expect(orderCells[header.indexOf("time_in_force")]).toBe("day");
    // Every order type's columns (issue #22): the class, what filled and at what average; the fill's reference price.
    expect(header).toEqual(expect.arrayContaining(["trail_percent", "trail_amount", "notional", "order_class", "leg", "parent_id", "filled_quantity", "average_price", "reference_price", "impact_bps"]));
    expect([orderCells[header.indexOf("order_class")], orderCells[header.indexOf("filled_quantity")]]).toEqual(["simple", "2"]);
    expect(orderCells[header.indexOf("average_price")]).toMatch(/^\d+\.\d\d$/);
    expect(lines.filter((l) => l.startsWith("fill,"))).toHaveLength(1);
    const fillCells = lines.find((l) => l.startsWith("fill,"))!.split(",");
    expect(fillCells[header.indexOf("reference_price")]).toMatch(/^\d+\.\d\d$/);
    // The journal note is the order's last cell, quoted and formula-safe.
    expect(header.at(-1)).toBe("note");
    expect(lines.find((l) => l.startsWith("order,"))!.endsWith(`,"'=Buying the dip, ""cheap"" after the report"`)).toBe(true);
    for (const line of lines) expect(line.split(",").every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
    expect(csvCell("=HYPERLINK(\"x\")")).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell("-1+1")).toBe("'-1+1");
    // A plain negative number stays a number (a loss, a negative return).
    expect(csvCell("-1")).toBe("-1");
    expect(csvCell("-0.0123")).toBe("-0.0123");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("plain")).toBe("plain");
  });

  it("refuses the test price control with 404 when TEST_PRICE_CONTROL is off", async () => {
    const client = await member();
    const res = await client.request("/api/test/prices", { method: "POST", json: { symbol: "NWRB", price: "1.00" } });
    expect(res.status).toBe(404);
    expect(await json(res)).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect((await new Client().request("/api/test/prices", { method: "POST", json: { symbol: "NWRB", price: "1.00" } })).status).toBe(404);
  });

  it("serves the performance series, validates its range, and guards reset and the watchlist", async () => {
    const anonymous = new Client();
    for (const path of ["/api/watchlist", "/api/portfolios/x/performance"]) expect((await anonymous.request(path)).status, path).toBe(401);
    const client = await member();
    const { id } = await portfolioOf(client);
    const perf = await client.request(`/api/portfolios/${id}/performance?range=week`);
    expect(perf.status).toBe(200);
    const body = await json<{ range: string; stepMinutes: number; points: Array<{ equity: string }>; metrics: Record<string, unknown> }>(perf);
    expect(body).toMatchObject({ range: "week", stepMinutes: 60 });
    expect(body.points.at(-1)!.equity).toBe("100000.00");
    // A new portfolio has no risk figures yet: each is absent with its reason (decision 053).
    expect(body.metrics).toMatchObject({
      volatility: null,
      sharpe: null,
      sampleMinutes: 60,
      risk: {
        sharpe: { value: null, bound: null, reason: { code: "NOT_ENOUGH_HISTORY", have: 0, need: 24, unit: "hour", message: "Not enough history yet — 0 of 24 hours" } },
        beta: { value: null, reason: { code: "NOT_ENOUGH_HISTORY", need: 72 } },
      },
    });
    const bad = await client.request(`/api/portfolios/${id}/performance?range=year`);
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ error: { code: "VALIDATION_FAILED", fields: { range: expect.stringMatching(/day, week, month, all/) } } });
    // Someone else's curve is not there.
    expect((await (await member()).request(`/api/portfolios/${id}/performance`)).status).toBe(404);

    // A cross-site form cannot reset a portfolio or change a watchlist.
    const forged = { headers: { Origin: "http://attacker.invalid" } };
    expect((await client.request(`/api/portfolios/${id}/reset`, { method: "POST", ...forged })).status).toBe(403);
    expect((await client.request("/api/watchlist/NWRB", { method: "PUT", ...forged })).status).toBe(403);
    expect((await client.request("/api/watchlist/NWRB", { method: "PUT" })).status).toBe(200);
    expect((await client.request("/api/watchlist/NOSUCH", { method: "PUT" })).status).toBe(404);
    const list = await json<{ items: Array<{ symbol: string; lastPrice: string }> }>(await client.request("/api/watchlist"));
    expect(list.items.map((i) => i.symbol)).toEqual(["NWRB"]);
    const reset = await client.request(`/api/portfolios/${id}/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toMatchObject({ id, cash: "100000.00", positions: [] });
  });
});
