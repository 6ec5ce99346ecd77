import type { InstrumentDefinition, InstrumentKind } from "@/domain/market";
import type { instruments } from "@/server/db/schema";

/** Instrument rows as the simulator's definitions; the stored last price is where it starts. */
export function definitionsOf(rows: ReadonlyArray<typeof instruments.$inferSelect>): InstrumentDefinition[] {
  return rows.map((r) => ({
    symbol: r.symbol,
    name: r.name,
    sector: r.sector,
    kind: r.kind as InstrumentKind,
    startingPrice: r.lastPrice,
    drift: r.drift,
    volatility: r.volatility,
    beta: r.beta,
    sectorLoading: r.sectorLoading,
    averageDailyVolume: r.averageDailyVolume,
  }));
}
