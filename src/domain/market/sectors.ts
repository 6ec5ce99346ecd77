/**
 * Choosing an instrument's sector. A sector is more than a label: the simulator gives every
 * sector its own factor (instruments of one sector move together), and allocation by sector
 * groups on it. So a typo must not quietly make a new sector: an admin picks an existing
 * sector, or creates a new one on purpose (docs/decisions/037). The admin form and the server
 * run the same rule, so the form can warn before it asks.
 */
import { distance } from "fastest-levenshtein";

/** Letters and digits only, lower case: "Health care" and "healthcare" are one sector. */
export function sectorKey(sector: string): string {
  return sector.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** At most this many close matches are named. */
const MAX_CLOSE_MATCHES = 3;

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * Existing sectors a typed one is probably meant to be, closest first: one starts with the
 * other (three letters at least), they begin with the same five letters ("Utility",
 * "Utilities"), or they are a few edits apart (a quarter of the length, at least two).
 */
export function closeSectors(existing: readonly string[], wanted: string): string[] {
  const key = sectorKey(wanted);
  if (key.length === 0) return [];
  const scored = existing.flatMap((sector) => {
    const other = sectorKey(sector);
    if (other === key) return [{ sector, score: 0 }];
    const shared = commonPrefixLength(key, other);
    const prefix = shared >= 5 || (Math.min(key.length, other.length) >= 3 && shared === Math.min(key.length, other.length));
    const edits = distance(key, other);
    const near = edits <= Math.max(2, Math.floor(Math.max(key.length, other.length) / 4));
    return prefix || near ? [{ sector, score: edits }] : [];
  });
  return scored
    .sort((a, b) => a.score - b.score || a.sector.localeCompare(b.sector))
    .slice(0, MAX_CLOSE_MATCHES)
    .map((s) => s.sector);
}

export type SectorChoice =
  | { ok: true; sector: string; isNew: boolean }
  | { ok: false; code: "SECTOR_EXISTS" | "SECTOR_UNKNOWN"; message: string; closeMatches: string[] };

const quoted = (text: string) => `“${text}”`;

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/**
 * Whether `wanted` (trimmed) may be an instrument's sector, given the sectors instruments
 * already have. An existing sector is always fine. A new one needs `createNew` — and is
 * refused even then when it is an existing one written differently (case, spaces,
 * punctuation), which would split one sector's factor in two.
 */
export function chooseSector(existing: readonly string[], wanted: string, options: { createNew: boolean }): SectorChoice {
  const sector = wanted.trim();
  if (existing.includes(sector)) return { ok: true, sector, isNew: false };
  const same = existing.find((s) => sectorKey(s) === sectorKey(sector));
  if (same !== undefined) {
    return { ok: false, code: "SECTOR_EXISTS", message: `${quoted(sector)} is the existing sector ${quoted(same)}: pick it from the list.`, closeMatches: [same] };
  }
  if (options.createNew) return { ok: true, sector, isNew: true };
  const closeMatches = closeSectors(existing, sector);
  const hint = closeMatches.length > 0 ? ` Did you mean ${listOf(closeMatches.map(quoted))}?` : "";
  return {
    ok: false,
    code: "SECTOR_UNKNOWN",
    message: `There is no sector ${quoted(sector)} yet.${hint} Pick an existing sector, or create ${quoted(sector)} as a new one on purpose (newSector: true).`,
    closeMatches,
  };
}
