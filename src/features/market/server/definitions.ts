import { INDEX_KIND, type InstrumentDefinition } from "@/domain/market";
import type { instruments } from "@/server/db/schema";

/**
 * Instrument rows as the simulator's definitions; the stored last price is where it starts.
 * An index is left out: nothing simulates it, its level follows from its constituents.
 */
export function definitionsOf(rows: ReadonlyArray<typeof instruments.$inferSelect>): InstrumentDefinition[] {
  return rows.flatMap((r) =>
    r.kind === INDEX_KIND
      ? []
      : [
          {
            symbol: r.symbol,
            name: r.name,
            sector: r.sector,
            kind: r.kind,
            startingPrice: r.lastPrice,
            drift: r.drift,
            volatility: r.volatility,
            beta: r.beta,
            sectorLoading: r.sectorLoading,
            averageDailyVolume: r.averageDailyVolume,
          },
        ],
  );
}
