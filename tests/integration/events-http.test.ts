/** HTTP contract of the events routes, against the shared test server. */
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { Client, TEST_ADMIN } from "./http-client";

const HOUR = 3_600_000;
const json = async <T>(res: Response) => (await res.json()) as T;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function member(name = "Member") {
  const client = new Client();
  const person = { email: uniqueEmail("eventer"), password: "a good password", name };
  await client.register(person);
  await client.signIn(person.email, person.password);
  return client;
}

async function admin() {
  const client = new Client();
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

const liveBody = (extra: Record<string, unknown> = {}) => ({
  title: `HTTP cup ${Math.random().toString(36).slice(2, 8)}`,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + HOUR).toISOString(),
  startingCash: "25000.00",
  visibility: "public",
  ...extra,
});

describe("events API", () => {
  it("guards the admin routes: 401 without a session, 403 for a member, 400 with fields for a bad body", async () => {
    expect((await new Client().request("/api/admin/events", { method: "POST", json: liveBody() })).status).toBe(401);
    expect((await new Client().request("/api/events")).status).toBe(401);
    const someone = await member();
    const forbidden = await someone.request("/api/admin/events", { method: "POST", json: liveBody() });
    expect(forbidden.status).toBe(403);
    const organiser = await admin();
    const bad = await organiser.request("/api/admin/events", { method: "POST", json: { title: "x", startsAt: "soon", endsAt: 5, startingCash: "1", visibility: "secret" } });
    expect(bad.status).toBe(400);
    const body = await json<ErrorBody>(bad);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.fields!)).toEqual(expect.arrayContaining(["endsAt", "visibility"]));
    const semantic = await organiser.request("/api/admin/events", { method: "POST", json: liveBody({ title: "x", startingCash: "1.5.0" }) });
    expect(semantic.status).toBe(400);
    expect(Object.keys((await json<ErrorBody>(semantic)).error.fields!).sort()).toEqual(["startingCash", "title"]);
  });

  it("creates a private event (201 with slug and joinCode), joins it with the code, and serves its portfolio only to its owner", async () => {
    const organiser = await admin();
    const created = await organiser.request("/api/admin/events", { method: "POST", json: liveBody({ visibility: "private", commissionFlat: "0.50" }) });
    expect(created.status).toBe(201);
    const { slug, joinCode, event } = await json<{ slug: string; joinCode: string; event: { startingCash: string; commissionFlat: string; startsAt: string } }>(created);
    expect(event).toMatchObject({ startingCash: "25000.00", commissionFlat: "0.50" });
    expect(event.startsAt).toMatch(/Z$/);
    const someone = await member("Joiner");
    expect((await someone.request(`/api/events/${slug}`)).status).toBe(404);
    expect((await someone.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).status).toBe(404);
    expect((await someone.request(`/api/events/${slug}?code=${joinCode}`)).status).toBe(200);
    const joined = await someone.request(`/api/events/${slug}/join`, { method: "POST", json: { code: joinCode } });
    expect(joined.status).toBe(201);
    const { portfolioId } = await json<{ portfolioId: string }>(joined);
    const again = await someone.request(`/api/events/${slug}/join`, { method: "POST", json: { code: joinCode } });
    expect(again.status).toBe(200);
    expect((await json<{ portfolioId: string }>(again)).portfolioId).toBe(portfolioId);
    const portfolio = await someone.request(`/api/portfolios/${portfolioId}`);
    expect(await json<{ kind: string; cash: string }>(portfolio)).toMatchObject({ kind: "event", cash: "25000.00" });
    const stranger = await member();
    expect((await stranger.request(`/api/portfolios/${portfolioId}`)).status).toBe(404);
    expect((await stranger.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } })).status).toBe(404);
    // The board is precomputed: the server's refresh (every 5 s) puts them on it; run it now
    // (TEST_TASK_CONTROL, decision 050) rather than wait for its period.
    expect((await someone.request("/api/test/tasks/ranking-live-events", { method: "POST", json: {} })).status).toBe(200);
    type List = { items: Array<{ slug: string; joined: boolean; rank: number | null }>; page: number; pageSize: number; total: number };
    let list = await json<List>(await someone.request("/api/events?page=1&pageSize=50"));
    for (let i = 0; i < 40 && list.items.find((e) => e.slug === slug)?.rank !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      list = await json<List>(await someone.request("/api/events?page=1&pageSize=50"));
    }
    expect(list).toMatchObject({ page: 1, pageSize: 50 });
    expect(list.items.find((e) => e.slug === slug)).toMatchObject({ joined: true, rank: 1 });
    const standings = await json<{ frozen: boolean; items: Array<{ rank: number; you: boolean; equity: string }> }>(await someone.request(`/api/events/${slug}/standings`));
    expect(standings).toMatchObject({ frozen: false, items: [{ rank: 1, you: true, equity: "25000.00" }], total: 1, page: 1, pageSize: 50, pages: 1, own: { rank: 1, page: 1 } });
    // A page past the board's end is empty; a page size outside 1–200 is refused per field.
    expect(await json(await someone.request(`/api/events/${slug}/standings?page=2&pageSize=1`))).toMatchObject({ items: [], total: 1, page: 2, pages: 1, own: { rank: 1, page: 1 } });
    const refused = await someone.request(`/api/events/${slug}/standings?pageSize=500`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "VALIDATION_FAILED", fields: { pageSize: expect.stringContaining("1 to 200") } });
  });

  it("refuses locked edits with 422 EVENT_LOCKED and a reason per field; regenerates codes, clones, archives, removes, exports", async () => {
    const organiser = await admin();
    const { slug } = await json<{ slug: string }>(await organiser.request("/api/admin/events", { method: "POST", json: liveBody({ visibility: "private" }) }));
    const locked = await organiser.request(`/api/admin/events/${slug}`, { method: "PATCH", json: { startingCash: "1000.00", metric: "sharpe" } });
    expect(locked.status).toBe(422);
    const lockedBody = await json<ErrorBody>(locked);
    expect(lockedBody.error.code).toBe("EVENT_LOCKED");
    expect(Object.keys(lockedBody.error.fields!).sort()).toEqual(["metric", "startingCash"]);
    expect((await organiser.request(`/api/admin/events/${slug}`, { method: "PATCH", json: { title: "Renamed HTTP cup" } })).status).toBe(200);
    const code = await json<{ joinCode: string }>(await organiser.request(`/api/admin/events/${slug}/join-code`, { method: "POST" }));
    const someone = await member("=HYPERLINK(1)");
    const { portfolioId } = await json<{ portfolioId: string }>(await someone.request(`/api/events/${slug}/join`, { method: "POST", json: { code: code.joinCode } }));
    const participants = await json<{ items: Array<{ userId: string; equity: string; totalReturn: string; trades: number }> }>(await organiser.request(`/api/admin/events/${slug}/participants`));
    expect(participants.items).toHaveLength(1);
    expect(participants.items[0]).toMatchObject({ equity: "25000.00", totalReturn: "0.0000", trades: 0 });
    expect(participants).toMatchObject({ total: 1, page: 1, pageSize: 50, pages: 1 });
    expect(await json(await organiser.request(`/api/admin/events/${slug}/participants?q=HYPERLINK&pageSize=10`))).toMatchObject({ total: 1, pageSize: 10, items: [{ userId: participants.items[0]!.userId }] });
    const badPage = await organiser.request(`/api/admin/events/${slug}/participants?pageSize=0&q=${"x".repeat(101)}`);
    expect(badPage.status).toBe(400);
    expect(Object.keys((await badPage.json()).error.fields).sort()).toEqual(["pageSize", "q"]);
    const csv = await organiser.request(`/api/admin/events/${slug}/standings.csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("1,'=HYPERLINK(1),");
    const removed = await organiser.request(`/api/admin/events/${slug}/participants/${participants.items[0]!.userId}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    const refused = await someone.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol: "NWRB", side: "buy", type: "market", quantity: 1 } });
    expect(refused.status).toBe(422);
    expect((await json<ErrorBody>(refused)).error.code).toBe("PARTICIPANT_REMOVED");
    const clone = await organiser.request(`/api/admin/events/${slug}/clone`, { method: "POST", json: {} });
    expect(clone.status).toBe(201);
    expect((await json<{ slug: string }>(clone)).slug).not.toBe(slug);
    expect((await organiser.request(`/api/admin/events/${slug}/archive`, { method: "POST" })).status).toBe(200);
    expect((await someone.request("/api/admin/events")).status).toBe(403);
  });
});

describe("POST /api/join-codes (the \"Have a join code?\" box)", () => {
  it("finds a private event from its code alone (any case, spaces or dash), and not an archived one", async () => {
    expect((await new Client().request("/api/join-codes", { method: "POST", json: { code: "ABCD-EFGH" } })).status).toBe(401);
    const organiser = await admin();
    const { slug, joinCode, event } = await json<{ slug: string; joinCode: string; event: { title: string } }>(
      await organiser.request("/api/admin/events", { method: "POST", json: liveBody({ visibility: "private" }) }),
    );
    const someone = await member("Code holder");
    const typed = ` ${joinCode.toLowerCase().replace("-", " ")} `;
    const found = await someone.request("/api/join-codes", { method: "POST", json: { code: typed } });
    expect(found.status).toBe(200);
    expect(await json(found)).toEqual({ slug, title: event.title, code: joinCode });
    // The code then joins the event, as the event page does with it.
    expect((await someone.request(`/api/events/${slug}/join`, { method: "POST", json: { code: joinCode } })).status).toBe(201);
    expect((await someone.request("/api/join-codes", { method: "POST", json: { code: "" } })).status).toBe(400);

    expect((await organiser.request(`/api/admin/events/${slug}/archive`, { method: "POST" })).status).toBe(200);
    const late = await member("Late");
    const gone = await late.request("/api/join-codes", { method: "POST", json: { code: joinCode } });
    expect(gone.status).toBe(404);
    expect((await json<ErrorBody>(gone)).error.code).toBe("UNKNOWN_JOIN_CODE");
  });

  it("answers 404 UNKNOWN_JOIN_CODE with a clear message, and 429 with Retry-After once a person guessed too often", async () => {
    const guesser = await member("Guesser");
    // The test server allows 3 wrong guesses per person and window (RATE_LIMIT_PER_ADDRESS).
    for (let i = 0; i < 3; i++) {
      const res = await guesser.request("/api/join-codes", { method: "POST", json: { code: `ZZZZ-ZZZ${i + 2}` } });
      expect(res.status).toBe(404);
      const body = await json<ErrorBody>(res);
      expect(body.error).toMatchObject({ code: "UNKNOWN_JOIN_CODE", fields: { code: expect.stringContaining("No event has this join code") } });
    }
    const blocked = await guesser.request("/api/join-codes", { method: "POST", json: { code: "ZZZZ-ZZZZ" } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<ErrorBody>(blocked)).error.code).toBe("RATE_LIMITED");
    // Even the right code waits: guessing stays blocked for the window, not only wrong answers.
    const organiser = await admin();
    const { joinCode } = await json<{ joinCode: string }>(await organiser.request("/api/admin/events", { method: "POST", json: liveBody({ visibility: "private" }) }));
    expect((await guesser.request("/api/join-codes", { method: "POST", json: { code: joinCode } })).status).toBe(429);
    // Another person is not affected.
    expect((await (await member("Other")).request("/api/join-codes", { method: "POST", json: { code: joinCode } })).status).toBe(200);
  });
});
