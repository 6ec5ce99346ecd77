/**
 * One truth for every number: after any sequence of orders and price moves, then an event's
 * end and more moves, every reader of a portfolio says the same equity and return, to the
 * cent — the summary, the performance series' last point, the event's board and participant
 * list, its CSV, and the practice leaderboard — and an ended event's figures stay its end's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, formatRatio, fractionOf, parseMoney } from "@/domain/trading";
import { createEvent, finalizeEvent, joinEvent, listParticipants, standingsCsv, standingsFor } from "@/features/events";
import { setPrice } from "@/features/market/server/test-prices";
import { portfolioPerformance, portfolioSummary, takeSnapshots } from "@/features/portfolio";
import { refreshEventBoard, refreshPracticeBoards } from "@/features/ranking";
import { findPortfolioFor, getOrCreatePracticePortfolio, placeOrder } from "@/features/trading";
import { events, leaderboardEntries } from "@/server/db/schema";
import { and, eq } from "drizzle-orm";
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
          const eventRow = (await db.select().from(events).where(eq(events.slug, made.slug)))[0]!;
          const portfolio = await findPortfolioFor(db, eventPortfolioId, member);
          const summary = await portfolioSummary(db, portfolio, now);
          const performance = await portfolioPerformance(db, portfolio, "day", now);
          if (!eventRow.finalizedAt) await refreshEventBoard(db, eventRow, { now });
          const board = (await standingsFor(db, member, made.slug)).items.find((i) => i.you)!;
          const participant = (await listParticipants(db, made.slug, now)).items.find((i) => i.userId === member.id)!;
          const csvLine = (await standingsCsv(db, made.slug, now)).body.split("\r\n")[1]!.split(",");
          expect({
            performance: performance.points.at(-1)!.equity,
            board: board.equity,
            participants: participant.equity,
            csv: csvLine[3],
          }).toEqual({ performance: summary.equity, board: summary.equity, participants: summary.equity, csv: summary.equity });
          expect({ board: board.totalReturn, participants: participant.totalReturn, csv: csvLine[4] }).toEqual({
            board: summary.totalReturn,
            participants: summary.totalReturn,
            csv: summary.totalReturn,
          });
          // The practice portfolio: its summary and its row on the all-time board.
          const practiceSummary = await portfolioSummary(db, practice, now);
          await refreshPracticeBoards(db, { now });
          const [row] = await db
            .select()
            .from(leaderboardEntries)
            .where(and(eq(leaderboardEntries.board, "practice:all"), eq(leaderboardEntries.userId, member.id)));
          expect(formatMoney(parseMoney(String(row!.equity)))).toBe(practiceSummary.equity);
          expect(formatRatio(row!.totalReturn)).toBe(practiceSummary.totalReturn);
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
  });
});
