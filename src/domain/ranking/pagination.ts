/**
 * Leaderboard pages of 50 with the person's own row always at hand (PRODUCT.md: "own rank
 * always visible"): the page asked for, plus the own row separately when it is elsewhere,
 * so the page can pin it below the table.
 */

export const LEADERBOARD_PAGE_SIZE = 50;
export const MAX_LEADERBOARD_PAGE_SIZE = 200;

export interface LeaderboardPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Rows on the whole board. */
  total: number;
  /** Pages on the board (at least 1, so "page 1 of 1" on an empty board). */
  pages: number;
  /** The caller's own row wherever it is; null when they are not on this board. */
  own: T | null;
  /** Whether `own` is among `items` (the page need not pin it again). */
  ownOnPage: boolean;
}

export interface PageOptions {
  /** 1-based; a page past the end answers no items (and still the own row). */
  page: number;
  pageSize?: number;
  ownId: string | null;
}

/** The 1-based page the row at `rank` (1-based) is on: for "jump to my rank". */
export function pageContaining(rank: number, pageSize: number = LEADERBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(rank / pageSize));
}

/** @param ranked the whole board in rank order (from `rankEntries`). */
export function pageWithOwnRow<T extends { id: string }>(ranked: readonly T[], options: PageOptions): LeaderboardPage<T> {
  const { page, ownId } = options;
  const pageSize = options.pageSize ?? LEADERBOARD_PAGE_SIZE;
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`A page number is a whole number from 1, got ${page}.`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_LEADERBOARD_PAGE_SIZE) {
    throw new RangeError(`A page size is a whole number from 1 to ${MAX_LEADERBOARD_PAGE_SIZE}, got ${pageSize}.`);
  }
  const start = (page - 1) * pageSize;
  const items = ranked.slice(start, start + pageSize);
  const ownIndex = ownId === null ? -1 : ranked.findIndex((row) => row.id === ownId);
  return {
    items,
    page,
    pageSize,
    total: ranked.length,
    pages: Math.max(1, Math.ceil(ranked.length / pageSize)),
    own: ownIndex === -1 ? null : ranked[ownIndex]!,
    ownOnPage: ownIndex >= start && ownIndex < start + pageSize,
  };
}
