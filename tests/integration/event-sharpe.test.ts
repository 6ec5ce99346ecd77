/**
 * A Sharpe ratio shown on an event's board is the one its portfolio's panel shows for the
 * event ("Event" range): one function (riskFigures) over the same snapshots — live, and once
 * the standings are frozen.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEvent, finalizeEvent, joinEvent, standingsFor } from "@/features/events";
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
    const start = Math.floor((Date.now() - HOUR) / STEP) * STEP;
    const made = await createEvent(
      db,
      { id: organiser.id },
      { title: `Sharpe cup ${Date.now()}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 2 * HOUR).toISOString(), startingCash: "10000.00", visibility: "public", metric: "sharpe" } as never,
      new Date(start - HOUR),
    );
    const member = await createTestUser(db);
    const { portfolioId } = await joinEvent(db, member, made.slug, { now: new Date(start + 1000) });
    const equities = ["10000.00", "10120.00", "10030.00", "10210.00", "10190.00", "10405.00"];
    await db.insert(equitySnapshots).values(equities.map((equity, i) => ({ portfolioId, takenAt: new Date(start + (i + 1) * STEP), equity, benchmark: "1000.00" })));
    const now = new Date(start + equities.length * STEP + 60_000);
    const [event] = await db.select().from(events).where(eq(events.slug, made.slug));
    await refreshEventBoard(db, event!, { now });

    const portfolio = await findPortfolioFor(db, portfolioId, member);
    const panel = await portfolioPerformance(db, portfolio, "all", now);
    const board = (await standingsFor(db, member, made.slug)).items.find((i) => i.you)!;
    expect(panel.window).toEqual({ start: new Date(start).toISOString(), end: new Date(start + 2 * HOUR).toISOString() });
    expect(board.sharpe).not.toBeNull();
    expect(panel.metrics.sharpe).toBe(board.sharpe);

    // Frozen at the end: the standings keep it, and the panel still says the same.
    await db.update(events).set({ endsAt: now }).where(eq(events.id, event!.id));
    expect(await finalizeEvent({ db, now }, event!.id)).toBe(true);
    const frozen = (await standingsFor(db, member, made.slug)).items.find((i) => i.you)!;
    const after = await portfolioPerformance(db, portfolio, "all", new Date(now.getTime() + 60_000));
    expect(frozen.sharpe).toBe(after.metrics.sharpe);
  });
});
