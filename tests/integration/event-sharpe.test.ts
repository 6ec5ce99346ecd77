/**
 * A Sharpe ratio shown on an event's board is the one its portfolio's panel shows for the
 * event ("Event" range): one rule (evidencedRiskFigures, decision 053) over the same snapshots
 * — absent on both in the first hours, the same number on both after a day, live and frozen.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, finalizeEvent, joinEvent, listParticipants, standingsFor } from "@/features/events";
import { portfolioPerformance } from "@/features/portfolio";
import { refreshEventBoard } from "@/features/ranking";
import { findPortfolioFor } from "@/features/trading";
import { equitySnapshots, events } from "@/server/db/schema";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const HOUR = 3_600_000;
const STEP = 5 * 60_000;

describe("an event's Sharpe", () => {
  it("is the same number on the board and on the panel, live and frozen", async () => {
    const db = database.db;
    const organiser = await createTestUser(db, { role: "admin" });
    const start = Math.floor((Date.now() - 30 * HOUR) / HOUR) * HOUR;
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: `Sharpe cup ${Date.now()}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 32 * HOUR).toISOString(), startingCash: "10000.00", visibility: "public", metric: "sharpe" } as never,
      new Date(start - HOUR),
    );
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, made.slug, { now: new Date(start + 1000) });
    // Hourly levels that wobble (a Sharpe ratio well inside its range), and 5-minute snapshots between.
    const equities = Array.from({ length: 26 }, (_, i) => `${10_000 + [0, 120, 30, 210, 190, 405][i % 6]! + 15 * i}.00`);
    const hourly = equities.map((equity, i) => ({ portfolioId, takenAt: new Date(start + (i + 1) * HOUR), equity, benchmark: "1000.00" }));
    const between = equities.slice(1).map((_, i) => ({ portfolioId, takenAt: new Date(start + (i + 1) * HOUR + STEP), equity: "9000.00", benchmark: "1000.00" }));
    await db.insert(equitySnapshots).values([...hourly.slice(0, 5), ...between.slice(0, 4)]);
    const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
    const portfolio = await findPortfolioFor(db, portfolioId, member);

    // Five hours in: neither the board nor the panel has a Sharpe ratio, and the panel says why.
    const early = new Date(start + 5 * HOUR + 60_000);
    await refreshEventBoard(db, event!, { now: early });
    const earlyPanel = await portfolioPerformance(db, portfolio, "all", early);
    expect(earlyPanel.metrics.risk.sharpe.reason).toMatchObject({ code: "NOT_ENOUGH_HISTORY", need: 24 });
    expect((await standingsFor(db, member, made.slug)).items.find((i) => i.you)!.sharpe).toBeNull();

    await db.insert(equitySnapshots).values([...hourly.slice(5), ...between.slice(4)]);
    const now = new Date(start + equities.length * HOUR + 60_000);
    await refreshEventBoard(db, event!, { now });
    const panel = await portfolioPerformance(db, portfolio, "all", now);
    const board = (await standingsFor(db, member, made.slug)).items.find((i) => i.you)!;
    expect(panel.window).toEqual({ start: new Date(start).toISOString(), end: new Date(start + 32 * HOUR).toISOString() });
    expect(board.sharpe).not.toBeNull();
    expect(panel.metrics.sharpe).toBe(board.sharpe);
    // The organiser's participants table (a page: its Sharpe read for the page's portfolios only) says the same.
    expect((await listParticipants(db, made.slug, now)).items.find((p) => p.userId === member.id)!.sharpe).toBe(board.sharpe);

    // Frozen at the end: the standings keep it, and the panel still says the same.
    await db.update(events).set({ endsAt: now }).where(eq(events.id, event!.id));
    expect(await finalizeEvent({ db, now }, event!.id)).toBe(true);
    const frozen = (await standingsFor(db, member, made.slug)).items.find((i) => i.you)!;
    const after = await portfolioPerformance(db, portfolio, "all", new Date(now.getTime() + 60_000));
    expect(frozen.sharpe).toBe(after.metrics.sharpe);
  });
});
