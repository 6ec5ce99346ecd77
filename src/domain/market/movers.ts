/**
 * Today's movers: the listed instruments that gained and lost the most since the previous
 * close. The dashboard shows them; the market overview's table sorted by change shows the same
 * order. The benchmark index and withdrawn instruments are not movers; no change is neither.
 */

export interface MoverCandidate {
  symbol: string;
  kind: string;
  active: boolean;
  /** The day's change as a fraction ("0.0123"), or null when there is no previous close. */
  dayChangePct: string | null;
}

const changeOf = (i: MoverCandidate): number => {
  const n = i.dayChangePct === null ? 0 : Number(i.dayChangePct);
  return Number.isFinite(n) ? n : 0;
};

/** Up to `count` gainers (biggest gain first) and `count` losers (biggest loss first); ties by symbol. */
export function topMovers<T extends MoverCandidate>(items: readonly T[], count: number): { gainers: T[]; losers: T[] } {
  const listed = items.filter((i) => i.active && i.kind !== "index");
  const bySymbol = (a: T, b: T) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
  const gainers = listed.filter((i) => changeOf(i) > 0).sort((a, b) => changeOf(b) - changeOf(a) || bySymbol(a, b));
  const losers = listed.filter((i) => changeOf(i) < 0).sort((a, b) => changeOf(a) - changeOf(b) || bySymbol(a, b));
  return { gainers: gainers.slice(0, count), losers: losers.slice(0, count) };
}
