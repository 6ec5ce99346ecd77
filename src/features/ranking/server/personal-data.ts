/** The ranking feature's part of "Export my data": where the person stands on each board now. */
import { asc, eq } from "drizzle-orm";
import { cents, formatMoney } from "@/domain/trading";
import type { Db } from "@/server/db";
import { leaderboardEntries } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";
import { practiceStandingsOf } from "./practice-boards";
import { eventStandingsOf } from "./event-boards";

export function rankingPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "leaderboards",
      value: async () => {
        // The practice and live event boards are stored whole (decisions 091, 094); the XP boards are rows.
        const practice = (await practiceStandingsOf(db, userId, new Date())).map(({ equityCents, ...row }) => ({ ...row, equity: formatMoney(cents(equityCents)) }));
        const events = (await eventStandingsOf(db, userId)).map(({ equityCents, ...row }) => ({ ...row, equity: formatMoney(cents(equityCents)) }));
        const rows = await db
          .select({ board: leaderboardEntries.board, rank: leaderboardEntries.rank, value: leaderboardEntries.value, totalReturn: leaderboardEntries.totalReturn, equity: leaderboardEntries.equity, computedAt: leaderboardEntries.computedAt })
          .from(leaderboardEntries)
          .where(eq(leaderboardEntries.userId, userId))
          .orderBy(asc(leaderboardEntries.board));
        return [...practice, ...events, ...rows].sort((a, b) => (a.board < b.board ? -1 : a.board > b.board ? 1 : 0));
      },
    },
  ];
}
