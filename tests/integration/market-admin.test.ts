/**
 * Admin on the market: instruments are added, edited (with a message per bad field) and
 * deactivated, by admins only; CSV datasets import whole or not at all, with every bad row
 * reported by its line number, and a taken name is a 409.
 */
import { randomInt } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { onPostgres, useTestDatabase } from "../setup/db";
import { createTestUser } from "../factories/users";
import { uniqueEmail } from "../factories/emails";
import { Client, TEST_ADMIN } from "./http-client";
import { addInstrument, deactivateInstrument, editInstrument } from "@/features/market/server/instruments";
import { deleteDataset, getDataset, importDataset, listDatasets } from "@/features/market/server/datasets";
import { placeOrder } from "@/features/trading";
import { auditLog, datasetRows, datasets, events, instruments, orders } from "@/server/db/schema";
import { expectIdentities, portfolioRow } from "../factories/accounting";
import { createPortfolio } from "../factories/trading";
import { DomainError } from "@/domain/errors";

const json = async <T>(res: Response) => (await res.json()) as T;

/** A symbol no other run has used (4–5 letters outside the bundled universe's). */
function freshSymbol() {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return "Z" + Array.from({ length: 4 }, () => letters[randomInt(26)]).join("");
}
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${randomInt(1e9).toString(36)}`;

const definition = (symbol: string) => ({
  symbol,
  name: "Zephyr Test Works",
  sector: "Industrials",
  kind: "stock" as const,
  startingPrice: "42.50",
  drift: 0.07,
  volatility: 0.3,
  beta: 1,
  sectorLoading: 1,
  averageDailyVolume: 1_000_000,
});

const GOOD_CSV = ["Date,Open,High,Low,Close,Volume", "2024-01-02,10.00,11.00,9.50,10.50,1000", "2024-01-03,10.50,12.00,10.00,11.75,2000", "2024-01-04,11.75,11.80,11.00,11.10,1500"].join("\n");
/** Lines 3, 5 and 6 are bad; 2 and 4 are fine. */
const BAD_CSV = [
  "Date,Open,High,Low,Close,Volume",
  "2024-01-02,10.00,11.00,9.50,10.50,1000",
  "2024-13-40,10.00,11.00,9.50,10.50,1000",
  "2024-01-04,10.00,11.00,9.50,10.50,1000",
  "2024-01-05,10.00,9.00,9.50,10.50,1000",
  "2024-01-08,10.00,11.00,9.50,10.50,lots",
].join("\n");

async function admin() {
  const client = new Client();
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

async function member() {
  const client = new Client();
  const person = { email: uniqueEmail("market-member"), password: "a good password", name: "Member" };
  await client.register(person);
  await client.signIn(person.email, person.password);
  return client;
}

describe("market admin over HTTP", () => {
  it("adds, edits (400 with fields for a bad one) and deactivates an instrument", async () => {
    const client = await admin();
    const symbol = freshSymbol();
    const added = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(symbol), symbol: symbol.toLowerCase() } });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ symbol, active: true, lastPrice: "42.50", startingPrice: "42.50" });

    const again = await client.request("/api/admin/instruments", { method: "POST", json: definition(symbol) });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ error: { code: "SYMBOL_TAKEN", fields: { symbol: expect.any(String) } } });

    const bad = await client.request(`/api/admin/instruments/${symbol}`, { method: "PATCH", json: { name: " ", volatility: "", beta: 9, startingPrice: "4.5" } });
    expect(bad.status).toBe(400);
    const badBody = await json<{ error: { code: string; fields: Record<string, string> } }>(bad);
    expect(badBody.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(badBody.error.fields).sort()).toEqual(["beta", "name", "startingPrice", "volatility"]);
    expect(badBody.error.fields.beta).toBe("Beta must be between -3 and 3.");

    const edited = await client.request(`/api/admin/instruments/${symbol}`, { method: "PATCH", json: { name: "Zephyr Renamed", volatility: "0.35" } });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ name: "Zephyr Renamed", volatility: 0.35, active: true });

    const off = await client.request(`/api/admin/instruments/${symbol}`, { method: "PATCH", json: { active: false } });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ active: false });
    const list = await json<{ items: Array<{ symbol: string; active: boolean }> }>(await client.request("/api/admin/instruments"));
    expect(list.items.find((i) => i.symbol === symbol)).toMatchObject({ active: false });

    expect((await client.request("/api/admin/instruments/NOPE", { method: "PATCH", json: { name: "x" } })).status).toBe(404);
  });

  it("takes an existing sector, refuses a typo naming the close match, and creates a new sector only on purpose", async () => {
    const client = await admin();
    const listed = async () => json<{ items: Array<{ symbol: string; sector: string }>; sectors: string[] }>(await client.request("/api/admin/instruments"));
    const before = await listed();
    expect(before.sectors).toEqual(expect.arrayContaining(["Industrials", "Technology", "Real Estate"]));
    // The benchmark index is in no sector of its own.
    const tlxSector = before.items.find((i) => i.symbol === "TLX")!.sector;
    expect(before.sectors).not.toContain(tlxSector);
    expect([...before.sectors].sort()).toEqual(before.sectors);

    const symbol = freshSymbol();
    const typo = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(symbol), sector: "Technolgy" } });
    expect(typo.status).toBe(400);
    const typoBody = await json<{ error: { code: string; message: string; fields: Record<string, string> } }>(typo);
    expect(typoBody.error).toMatchObject({ code: "SECTOR_UNKNOWN", fields: { sector: typoBody.error.message } });
    expect(typoBody.error.message).toMatch(/no sector “Technolgy”.*Did you mean “Technology”\?.*newSector: true/);
    // Written differently, an existing sector stays the existing one, flag or not.
    const recased = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(symbol), sector: "real estate", newSector: true } });
    expect(recased.status).toBe(400);
    expect(await json(recased)).toMatchObject({ error: { code: "SECTOR_EXISTS", message: "“real estate” is the existing sector “Real Estate”: pick it from the list." } });
    expect((await listed()).items.some((i) => i.symbol === symbol)).toBe(false);

    const sector = `Orbital ${randomInt(1e9).toString(36)}`;
    const unconfirmed = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(symbol), sector } });
    expect(unconfirmed.status).toBe(400);
    expect(await json(unconfirmed)).toMatchObject({ error: { code: "SECTOR_UNKNOWN", fields: { sector: expect.stringContaining(`no sector “${sector}”`) } } });
    const created = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(symbol), sector, newSector: true } });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({ symbol, sector });
    expect((await listed()).sectors).toContain(sector);

    // Moving it: to an existing sector needs nothing, to a typo of one is refused.
    const typoEdit = await client.request(`/api/admin/instruments/${symbol}`, { method: "PATCH", json: { sector: "Industrals" } });
    expect(typoEdit.status).toBe(400);
    expect(await json(typoEdit)).toMatchObject({ error: { code: "SECTOR_UNKNOWN", message: expect.stringContaining("Did you mean “Industrials”?") } });
    const moved = await client.request(`/api/admin/instruments/${symbol}`, { method: "PATCH", json: { sector: "Industrials" } });
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ sector: "Industrials" });
    // Its new sector had only it: it is gone from the list with it.
    expect((await listed()).sectors).not.toContain(sector);
  });

  it("lists the benchmark index but refuses to edit, withdraw or imitate it", async () => {
    const client = await admin();
    const list = await json<{ items: Array<{ symbol: string; kind: string; inBenchmark: boolean }> }>(await client.request("/api/admin/instruments"));
    expect(list.items.find((i) => i.symbol === "TLX")).toMatchObject({ kind: "index", inBenchmark: false });
    expect(list.items.find((i) => i.symbol === "NWRB")).toMatchObject({ kind: "stock", inBenchmark: true });
    expect(list.items.find((i) => i.symbol === "TKTM")).toMatchObject({ kind: "etf", inBenchmark: false });

    for (const change of [{ active: false }, { volatility: 0.2 }, { kind: "stock" }]) {
      const refused = await client.request("/api/admin/instruments/TLX", { method: "PATCH", json: change });
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(await json(refused)).toMatchObject({ error: { code: "INDEX_NOT_EDITABLE", message: expect.stringContaining("every performance chart compares with it") } });
    }
    const after = await json<{ items: Array<{ symbol: string; active: boolean; kind: string }> }>(await client.request("/api/admin/instruments"));
    expect(after.items.find((i) => i.symbol === "TLX")).toMatchObject({ active: true, kind: "index" });

    const madeUp = await client.request("/api/admin/instruments", { method: "POST", json: { ...definition(freshSymbol()), kind: "index" } });
    expect(madeUp.status).toBe(400);
    expect(await json(madeUp)).toMatchObject({ error: { fields: { kind: "The kind is stock or etf." } } });
    const madeIntoIndex = await client.request("/api/admin/instruments/NWRB", { method: "PATCH", json: { kind: "index" } });
    expect(madeIntoIndex.status).toBe(400);
  });

  it("refuses members (403) and strangers (401)", async () => {
    const client = await member();
    for (const [path, init] of [
      ["/api/admin/instruments", {}],
      ["/api/admin/instruments", { method: "POST", json: definition(freshSymbol()) }],
      ["/api/admin/instruments/NWRB", { method: "PATCH", json: { active: false } }],
      ["/api/admin/datasets", {}],
      ["/api/admin/datasets", { method: "POST", json: { name: "x", symbol: "X", csv: GOOD_CSV } }],
    ] as const) {
      const res = await client.request(path, init);
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(403);
      expect(await json(res)).toMatchObject({ error: { code: "FORBIDDEN" } });
    }
    expect((await new Client().request("/api/admin/datasets")).status).toBe(401);
  });

  it("imports a good CSV, refuses a bad one with every line and stores nothing, and answers 409 for a taken name", async () => {
    const client = await admin();
    const badName = unique("Bad");
    const bad = await client.request("/api/admin/datasets", { method: "POST", json: { name: badName, symbol: "ACME", sector: "Industrials", csv: BAD_CSV } });
    expect(bad.status).toBe(400);
    const badBody = await json<{ error: { problems: Array<{ line: number; message: string }>; fields: Record<string, string> } }>(bad);
    expect(badBody.error.problems.map((p) => p.line)).toEqual([3, 5, 6]);
    for (const p of badBody.error.problems) expect(p.message).toMatch(new RegExp(`^Line ${p.line}: `));
    expect(badBody.error.fields.csv).toBeTruthy();
    const afterBad = await json<{ items: Array<{ name: string }> }>(await client.request("/api/admin/datasets"));
    expect(afterBad.items.some((d) => d.name === badName)).toBe(false);

    const name = unique("Good");
    const noSector = await client.request("/api/admin/datasets", { method: "POST", json: { name, symbol: "ACME", sector: "  ", csv: GOOD_CSV } });
    expect(noSector.status).toBe(400);
    expect(await json(noSector)).toMatchObject({ error: { code: "VALIDATION_FAILED", fields: { sector: "Give the company's sector, like Technology: a replay position shows it." } } });
    const good = await client.request("/api/admin/datasets", { method: "POST", json: { name, symbol: "acme", sector: " Industrials ", csv: GOOD_CSV } });
    expect(good.status).toBe(201);
    const created = await json<{ id: string; rowCount: number; firstDate: string; lastDate: string; symbol: string; sector: string }>(good);
    expect(created).toMatchObject({ rowCount: 3, firstDate: "2024-01-02", lastDate: "2024-01-04", symbol: "ACME", sector: "Industrials" });
    const detail = await json<{ dataset: { name: string }; rows: Array<{ date: string; close: string; volume: number }> }>(await client.request(`/api/admin/datasets/${created.id}`));
    expect(detail.dataset).toMatchObject({ name, sector: "Industrials" });
    expect(detail.rows).toEqual([
      { date: "2024-01-02", open: "10.00", high: "11.00", low: "9.50", close: "10.50", volume: 1000 },
      { date: "2024-01-03", open: "10.50", high: "12.00", low: "10.00", close: "11.75", volume: 2000 },
      { date: "2024-01-04", open: "11.75", high: "11.80", low: "11.00", close: "11.10", volume: 1500 },
    ]);

    const taken = await client.request("/api/admin/datasets", { method: "POST", json: { name, symbol: "ACME", sector: "Industrials", csv: GOOD_CSV } });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ error: { code: "NAME_TAKEN" } });
    expect((await client.request("/api/admin/datasets/no-such-id")).status).toBe(404);

    const tooLong = await client.request(`/api/admin/datasets/${created.id}`, { method: "PATCH", json: { sector: "x".repeat(41) } });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toMatchObject({ error: { fields: { sector: "A sector is at most 40 characters." } } });
    const resectored = await client.request(`/api/admin/datasets/${created.id}`, { method: "PATCH", json: { sector: "Materials" } });
    expect(resectored.status).toBe(200);
    expect(await json(resectored)).toMatchObject({ id: created.id, sector: "Materials" });
  });
});

describe(`market admin use-cases (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  const db = useTestDatabase();

  it("adds, edits and deactivates with audit entries; a bad edit changes nothing", async () => {
    const actor = await createTestUser(db.db, { role: "admin" });
    const symbol = freshSymbol();
    // The file's database has no instruments yet: every sector is new here.
    await addInstrument(db.db, actor.id, { ...definition(symbol), newSector: true });
    const error = await editInstrument(db.db, actor.id, symbol, { sectorLoading: 7, averageDailyVolume: 1.5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("invalid");
    expect(Object.keys((error as DomainError).fields ?? {}).sort()).toEqual(["averageDailyVolume", "sectorLoading"]);
    // Too little volatility for the loadings: the whole-definition rule lands on volatility.
    const tight = await editInstrument(db.db, actor.id, symbol, { volatility: 0.05 }).catch((e: unknown) => e);
    expect((tight as DomainError).fields).toEqual({ volatility: expect.stringMatching(/too low/) });

    const unconfirmed = await editInstrument(db.db, actor.id, symbol, { sector: "Aerospace", beta: 0.5 }).catch((e: unknown) => e);
    expect(unconfirmed).toMatchObject({ kind: "invalid", code: "SECTOR_UNKNOWN", fields: { sector: expect.stringContaining("no sector “Aerospace”") } });
    await editInstrument(db.db, actor.id, symbol, { sector: "Aerospace", beta: 0.5, newSector: true });
    await deactivateInstrument(db.db, actor.id, symbol);
    const [row] = await db.db.select().from(instruments).where(eq(instruments.symbol, symbol));
    expect(row).toMatchObject({ sector: "Aerospace", beta: 0.5, sectorLoading: 1, active: false });
    const actions = (await db.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, actor.id))).map((a) => a.action).sort();
    expect(actions).toEqual(["market.instrument-added", "market.instrument-deactivated", "market.instrument-updated"]);
    const [updated] = await db.db.select({ detail: auditLog.detail }).from(auditLog).where(and(eq(auditLog.actorId, actor.id), eq(auditLog.action, "market.instrument-updated")));
    expect(updated!.detail).toMatchObject({ symbol, newSector: "Aerospace", changed: { sector: { from: "Industrials", to: "Aerospace" } } });
  });

  it("imports in one piece or not at all", async () => {
    const actor = await createTestUser(db.db, { role: "admin" });
    const refused = await importDataset(db.db, actor.id, { name: "Bad one", symbol: "ACME", sector: "Industrials", csv: BAD_CSV }).catch((e: unknown) => e);
    expect((refused as DomainError).kind).toBe("invalid");
    expect((refused as { problems: Array<{ line: number }> }).problems.map((p) => p.line)).toEqual([3, 5, 6]);
    expect((await db.db.select({ n: count() }).from(datasets))[0]!.n).toBe(0);
    expect((await db.db.select({ n: count() }).from(datasetRows))[0]!.n).toBe(0);

    const summary = await importDataset(db.db, actor.id, { name: "Good one", symbol: "ACME", sector: "Industrials", csv: GOOD_CSV });
    expect((await getDataset(db.db, summary.id)).rows.map((r) => r.close)).toEqual(["10.50", "11.75", "11.10"]);
    const duplicate = await importDataset(db.db, actor.id, { name: "Good one", symbol: "ACME", sector: "Industrials", csv: GOOD_CSV }).catch((e: unknown) => e);
    expect((duplicate as DomainError).kind).toBe("conflict");
    expect((await db.db.select({ n: count() }).from(datasetRows))[0]!.n).toBe(3);
    expect((await listDatasets(db.db)).map((d) => d.name)).toEqual(["Good one"]);
  });

  it("cancels the open orders of a deactivated instrument, giving their cash back", async () => {
    const actor = await createTestUser(db.db, { role: "admin" });
    const symbol = freshSymbol();
    await addInstrument(db.db, actor.id, { ...definition(symbol), newSector: true });
    const portfolio = await createPortfolio(db.db);
    const placed = await placeOrder(db.db, { userId: portfolio.userId, portfolioId: portfolio.id, input: { symbol, side: "buy", type: "limit", quantity: 10, limitPrice: "5.00", timeInForce: "gtc" } });
    expect(placed.rejection).toBeNull();
    expect((await portfolioRow(db.db, portfolio.id)).reservedCash).toBe("50.00");
    await deactivateInstrument(db.db, actor.id, symbol);
    const [order] = await db.db.select().from(orders).where(eq(orders.portfolioId, portfolio.id));
    expect(order).toMatchObject({ status: "cancelled", rejectMessage: `Cancelled: ${symbol} was withdrawn from trading.` });
    expect((await portfolioRow(db.db, portfolio.id)).reservedCash).toBe("0.00");
    await expectIdentities(db.db, portfolio.id);
  });

  it("deletes a dataset with its rows (audited), but not while an event replays it", async () => {
    const actor = await createTestUser(db.db, { role: "admin" });
    const summary = await importDataset(db.db, actor.id, { name: unique("Deletable"), symbol: "ACME", sector: "Industrials", csv: GOOD_CSV });
    const [event] = await db.db
      .insert(events)
      .values({ slug: unique("replay").replace(/\W+/g, "-").toLowerCase(), title: "Crash replay", startsAt: new Date(), endsAt: new Date(Date.now() + 3_600_000), startingCash: "10000.00", visibility: "public", replay: { datasets: [summary.id], from: "2020-01-02", speed: 60 } })
      .returning();
    await expect(deleteDataset(db.db, actor.id, summary.id)).rejects.toMatchObject({ kind: "conflict", code: "DATASET_IN_USE" });
    await db.db.update(events).set({ archivedAt: new Date() }).where(eq(events.id, event!.id));
    await deleteDataset(db.db, actor.id, summary.id);
    expect(await db.db.select().from(datasetRows).where(eq(datasetRows.datasetId, summary.id))).toEqual([]);
    await expect(deleteDataset(db.db, actor.id, summary.id)).rejects.toMatchObject({ kind: "not-found" });
    const [entry] = await db.db.select().from(auditLog).where(eq(auditLog.action, "market.dataset-deleted"));
    expect(entry!.detail).toMatchObject({ id: summary.id, rows: 3 });
  });
});
