/**
 * The allocation bars' figures: each holding's and each sector's share of equity, and cash's.
 * Shares are of equity (what the portfolio is worth), signed: a short is a negative share, and
 * the cash from its sale is in the cash row, so the rows add up to 100 % exactly (before, shorts
 * counted by their size added a second time: 101.14 % with one short).
 */
import { addMoney, type Money, moneyRatio, parseMoney, ZERO } from "@/domain/trading";

export interface AllocationRow {
  label: string;
  /** Signed: negative for a short (a sector's: its longs less its shorts). */
  value: Money;
  /** value ÷ equity. */
  share: number;
  /** "borrowed": cash below zero, a margin account's debit (docs/decisions/070). */
  kind: "long" | "short" | "cash" | "borrowed";
}

export interface Allocation {
  bySymbol: AllocationRow[];
  bySector: AllocationRow[];
}

const byLargest = (a: AllocationRow, b: AllocationRow) => Math.abs(b.share) - Math.abs(a.share) || a.label.localeCompare(b.label);

/** Null when there is no positive equity to allocate. */
export function allocationOf(positions: ReadonlyArray<{ symbol: string; sector: string; marketValue: string }>, cash: string, equity: string): Allocation | null {
  const total = parseMoney(equity);
  if (total <= 0n) return null;
  const row = (label: string, value: Money, kind?: AllocationRow["kind"]): AllocationRow => ({ label, value, share: moneyRatio(value, total), kind: kind ?? (value < 0n ? "short" : "long") });
  const sectors = new Map<string, Money>();
  for (const p of positions) sectors.set(p.sector, addMoney(sectors.get(p.sector) ?? ZERO, parseMoney(p.marketValue)));
  // A debit is not cash held: it is what was borrowed, and it counts against equity like a short.
  const cashRow = parseMoney(cash) < 0n ? row("Borrowed", parseMoney(cash), "borrowed") : row("Cash", parseMoney(cash), "cash");
  return {
    bySymbol: [...positions.map((p) => row(p.symbol, parseMoney(p.marketValue))).sort(byLargest), cashRow],
    bySector: [...[...sectors].map(([label, value]) => row(label, value)).sort(byLargest), cashRow],
  };
}
