/** The portfolio feature's part of "Export my data": the watchlist and every portfolio's equity snapshots. */
import { and, asc, eq } from "drizzle-orm";
import { portfolioIdsOf } from "@/features/trading";
import type { Db } from "@/server/db";
import { equitySnapshots, watchlistItems } from "@/server/db/schema";
import { chronological, inPages, type PersonalDataSection, type TimeCursor } from "@/server/personal-data";

const snapshotsInTime = chronological(equitySnapshots.takenAt);

export function portfolioPersonalData(db: Db, userId: string): PersonalDataSection[] {
  return [
    {
      name: "watchlist",
      value: () => db.select({ symbol: watchlistItems.symbol, addedAt: watchlistItems.createdAt }).from(watchlistItems).where(eq(watchlistItems.userId, userId)).orderBy(asc(watchlistItems.createdAt)),
    },
    {
      name: "equitySnapshots",
      rows: async function* () {
        for (const portfolioId of await portfolioIdsOf(db, userId)) {
          const rows = inPages(
            (after: TimeCursor | undefined, limit) =>
              db
                .select({ portfolioId: equitySnapshots.portfolioId, takenAt: equitySnapshots.takenAt, equity: equitySnapshots.equity, benchmark: equitySnapshots.benchmark, cursor: snapshotsInTime.cursor })
                .from(equitySnapshots)
                .where(and(eq(equitySnapshots.portfolioId, portfolioId), snapshotsInTime.after(after)))
                .orderBy(...snapshotsInTime.order)
                .limit(limit),
            (row) => ({ at: row.cursor, id: row.cursor }),
          );
          for await (const { cursor: _cursor, ...snapshot } of rows) yield snapshot;
        }
      },
    },
  ];
}
