/** The leagues feature's part of "Export my data" (decision 029): each league week the person was in, their tier, group, place and points. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { leagueMembers } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";

export function leaguesPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "leagues",
      value: () =>
        db
          .select({
            weekStart: leagueMembers.weekStart,
            tier: leagueMembers.tier,
            group: leagueMembers.groupNo,
            arrival: leagueMembers.arrival,
            rank: leagueMembers.rank,
            points: leagueMembers.points,
            learning: leagueMembers.learning,
            journal: leagueMembers.journal,
            diversification: leagueMembers.diversification,
            risk: leagueMembers.risk,
          })
          .from(leagueMembers)
          .where(eq(leagueMembers.userId, userId))
          .orderBy(asc(leagueMembers.weekStart)),
    },
  ];
}
