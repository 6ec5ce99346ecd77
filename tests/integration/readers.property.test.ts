/**
 * One truth for every number: after any sequence of orders and price moves, then an event's
 * end and more moves, every reader of a portfolio says the same equity and return, to the
 * cent — the summary, the performance series' last point, the event's board and participant
 * list, its CSV, and the practice leaderboard — and an ended event's figures stay its end's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents, formatMoney, formatRatio, fractionOf, parseMoney } from "@/domain/trading";
import { advanceReplays, createEvent, finalizeEvent, joinEvent, listParticipants, standingsCsv, standingsFor } from "@/features/events";
import { importDataset } from "@/features/market/server/datasets";
import { setPrice } from "@/features/market/server/test-prices";
import { portfolioPerformance, portfolioSummary, takeSnapshots } from "@/features/portfolio";
import { refreshEventBoard, refreshPracticeBoards } from "@/features/ranking";
import { findPortfolioFor, getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import { events } from "@/server/db/schema";
import { eq } from "drizzle-orm";
import { storedPracticeBoard } from "../factories/boards";
import { createInstrument } from "../factories/trading";
import { createTestUser } from "../factories/users";
import { useTestDatabase } from "../setup/db";

const database = useTestDatabase();
const HOUR = 3_600_000;

type Command =
  | { kind: "order"; where: "practice" | "event"; symbol: 0 | 1; side: "buy" | "sell" | "short" | "cover"; quantity: number; limit: number | null }
  | { kind: "move"; symbol: 0 | 1; pct: number }
  | { kind: "snapshot" };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("order" as const), where: fc.constantFrom("practice" as const, "event" as const), symbol: fc.constantFrom(0 as const, 1 as const), side: fc.constantFrom("buy" as const, "sell" as const, "short" as const, "cover" as const), quantity: fc.integer({ min: 1, max: 40 }), limit: fc.option(fc.integer({ min: -6, max: 6 }), { nil: null }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("move" as const), symbol: fc.constantFrom(0 as const, 1 as const), pct: fc.integer({ min: -12, max: 12 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "snapshot" as const }) },
);

/** price × (100 + pct) / 100, to the cent (truncated), at least 1.00. */
function moved(price: string, pct: number): string {
  return formatMoney(fractionOf(parseMoney(price), 100 + pct, 100, "down") > 100n ? fractionOf(parseMoney(price), 100 + pct, 100, "down") : parseMoney("1.00"));
}

/**
 * Every reader of an event portfolio at `now`: its summary, the performance series' last point,
 * the event's board (live: refreshed now; ended: frozen), the participants table and the
 * standings CSV — the same equity and return, to the cent. Returns the summary.
 */
async function expectEventReadersAgree(slug: string, portfolioId: string, member: { id: string }, now: Date) {
  const db = database.db;
  const eventRow = (await db.select().from(events).where(eq(events.slug, slug)))[0]!;
  const portfolio = await findPortfolioFor(db, portfolioId, member);
  const summary = await portfolioSummary(db, portfolio, now);
  const performance = await portfolioPerformance(db, portfolio, "day", now);
  if (!eventRow.finalizedAt) await refreshEventBoard(db, eventRow, { now });
  const board = (await standingsFor(db, member, slug)).items.find((i) => i.you)!;
  const participant = (await listParticipants(db, slug, now)).items.find((i) => i.userId === member.id)!;
  const csvLine = (await standingsCsv(db, slug, now)).body.split("\r\n")[1]!.split(",");
  expect({ performance: performance.points.at(-1)!.equity, board: board.equity, participants: participant.equity, csv: csvLine[3] }).toEqual({
    performance: summary.equity,
    board: summary.equity,
    participants: summary.equity,
    csv: summary.equity,
  });
  expect({ board: board.totalReturn, participants: participant.totalReturn, csv: csvLine[4] }).toEqual({
    board: summary.totalReturn,
    participants: summary.totalReturn,
    csv: summary.totalReturn,
  });
  return summary;
}

describe("every reader agrees", () => {
  it("after random orders and moves, an event's end and later moves: summary, performance, boards, participants, CSV", async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 10 }), async (commands) => {
        const start = Date.now();
        const organiser = await createTestUser(db, { role: "admin" });
        const member = await createTestUser(db);
        const instruments = [await createInstrument(db, { lastPrice: "100.00" }), await createInstrument(db, { lastPrice: "40.00" })];
        const prices = instruments.map((i) => i.lastPrice);
        const made = await createEvent(
          db,
          { id: organiser.id },
          {
            title: `Readers ${Math.random().toString(36).slice(2, 8)}`,
            startsAt: new Date(start - HOUR).toISOString(),
            endsAt: new Date(start + HOUR).toISOString(),
            startingCash: "10000.00",
            commissionFlat: "1.00",
            commissionBps: 10,
            visibility: "public",
          } as never,
          new Date(start - 2 * HOUR),
        );
        const { portfolioId: eventPortfolioId } = await joinEvent(db, member, made.slug);
        const practice = await getOrCreatePracticePortfolio(db, member.id);
        const at = (step: number) => new Date(start + step * 1000);
        let step = 1;
        for (const command of commands) {
          const now = at(step++);
          if (command.kind === "order") {
            const symbol = instruments[command.symbol]!.symbol;
            const limit = command.limit === null ? {} : { type: "limit", limitPrice: moved(prices[command.symbol]!, command.limit), timeInForce: "gtc" };
            await placeOrder(db, { userId: member.id, portfolioId: command.where === "practice" ? practice.id : eventPortfolioId, input: { symbol, side: command.side, type: "market", quantity: command.quantity, ...limit }, now });
          } else if (command.kind === "move") {
            prices[command.symbol] = moved(prices[command.symbol]!, command.pct);
            await setPrice(db, instruments[command.symbol]!.symbol, prices[command.symbol]!, now);
          } else await takeSnapshots(db, now);
        }

        const expectAgreement = async (now: Date) => {
          const summary = await expectEventReadersAgree(made.slug, eventPortfolioId, member, now);
          // The practice portfolio: its summary and its row on the all-time board.
          const practiceSummary = await portfolioSummary(db, practice, now);
          await refreshPracticeBoards(db, { now });
          const row = (await storedPracticeBoard(db, "practice:all")).find((r) => r.userId === member.id);
          expect(formatMoney(cents(row!.equityCents))).toBe(practiceSummary.equity);
          expect(formatRatio(row!.totalReturn!)).toBe(practiceSummary.totalReturn);
          return summary;
        };

        await expectAgreement(at(step++));
        // The event ends: everything shown afterwards is its end's, whatever prices do then.
        await db.update(events).set({ endsAt: at(step) }).where(eq(events.slug, made.slug));
        const eventId = (await db.select({ id: events.id }).from(events).where(eq(events.slug, made.slug)))[0]!.id;
        expect(await finalizeEvent({ db, now: at(step) }, eventId)).toBe(true);
        const final = await expectAgreement(at(step + 1));
        expect(final.pricing).toBe("final");
        for (const [i, instrument] of instruments.entries()) await setPrice(db, instrument.symbol, moved(prices[i]!, 7), at(step + 2));
        const later = await expectAgreement(at(step + 3));
        expect(later.equity).toBe(final.equity);
      }),
      { numRuns: 6 },
    );
    // Six generated histories, each with an event, its end and every reader: a budget, not a check's 30 s.
  }, 180_000);
});

// A replay: day 1 falls from 100 to 90 and closes at 95, day 2 from 95 to 80, day 3 recovers.
const REPLAY_CSV = ["Date,Open,High,Low,Close,Volume", "2008-10-06,100.00,104.00,90.00,95.00,1000", "2008-10-07,95.00,99.00,80.00,85.00,1000", "2008-10-08,85.00,95.00,84.00,94.00,1000", "2008-10-09,94.00,96.00,93.00,96.00,1000"].join("\n");
/** 60 trading days per real hour: one dataset day per real minute. */
const REPLAY_DAY_MS = 60_000;

type ReplayCommand = { kind: "order"; side: "buy" | "sell" | "short" | "cover"; quantity: number; limit: number | null } | { kind: "step"; ms: number };

const replayCommandArb: fc.Arbitrary<ReplayCommand> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("order" as const), side: fc.constantFrom("buy" as const, "sell" as const, "short" as const, "cover" as const), quantity: fc.integer({ min: 1, max: 30 }), limit: fc.option(fc.integer({ min: 80, max: 104 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("step" as const), ms: fc.integer({ min: 1_000, max: 40_000 }) }) },
);

describe("every reader agrees on a replay", () => {
  it("after random orders and replay steps on its clock, and its end: summary, performance, board, participants, CSV", async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(replayCommandArb, { minLength: 1, maxLength: 8 }), async (commands) => {
        const organiser = await createTestUser(db, { role: "admin" });
        const symbol = `Q${Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[^A-Z]/g, "X")}`;
        const dataset = await importDataset(db, organiser.id, { name: `Readers ${symbol} ${Date.now()}`, symbol, sector: "Energy", csv: REPLAY_CSV });
        const start = Math.ceil((Date.now() + 3_600_000) / 1000) * 1000;
        const made = await createEvent(
          db,
          { id: organiser.id },
          { title: `Replay readers ${symbol}`, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 3 * REPLAY_DAY_MS).toISOString(), startingCash: "10000.00", visibility: "public", replay: { datasets: [dataset.id], from: "2008-10-06", speed: 60 } } as never,
          new Date(),
        );
        const member = await createTestUser(db);
        const { portfolioId } = await joinEvent(db, member, made.slug, { now: new Date(start) });
        let clock = start + 500;
        for (const command of commands) {
          if (command.kind === "step") {
            clock = Math.min(clock + command.ms, start + 3 * REPLAY_DAY_MS - 1_000);
            await advanceReplays({ db, now: new Date(clock) });
          } else {
            const limit = command.limit === null ? {} : { type: "limit", limitPrice: `${command.limit}.00`, timeInForce: "gtc" };
            await placeOrder(db, { userId: member.id, portfolioId, input: { symbol, side: command.side, type: "market", quantity: command.quantity, ...limit }, now: new Date(clock) });
          }
          // A replay step after every command, as the task runs every second.
          await advanceReplays({ db, now: new Date(clock) });
          await expectEventReadersAgree(made.slug, portfolioId, member, new Date(clock));
        }
        // The end: played to its end instant, standings frozen at the replay's prices of the end.
        const end = new Date(start + 3 * REPLAY_DAY_MS);
        const [row] = await db.select().from(events).where(eq(events.slug, made.slug));
        expect(await finalizeEvent({ db, now: end }, row!.id)).toBe(true);
        const final = await expectEventReadersAgree(made.slug, portfolioId, member, new Date(end.getTime() + 5_000));
        expect(final.pricing).toBe("final");
        expect(final.positions.every((p) => p.sector === "Energy")).toBe(true);
      }),
      { numRuns: 4 },
    );
  }, 180_000);
});
