/** The ranking feature's part of "Export my data": where the person stands on each board now. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { leaderboardEntries } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";

export function rankingPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "leaderboards",
      value: () =>
        db
          .select({ board: leaderboardEntries.board, rank: leaderboardEntries.rank, value: leaderboardEntries.value, totalReturn: leaderboardEntries.totalReturn, equity: leaderboardEntries.equity, computedAt: leaderboardEntries.computedAt })
          .from(leaderboardEntries)
          .where(eq(leaderboardEntries.userId, userId))
          .orderBy(asc(leaderboardEntries.board)),
    },
  ];
}
