/** Join codes (from src/lib/readable-codes.ts) and slugs. */

// Join codes are shared with classes, and their generator with roster usernames and passwords:
// one owner of readable codes (src/lib/readable-codes.ts).
export { CodeEntropyError, formatJoinCode, generateJoinCode, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, normalizeJoinCode } from "@/lib/readable-codes";

export const SLUG_MAX_LENGTH = 60;

/** Letters NFKD does not take apart into a base letter and a mark. */
const TRANSLITERATE: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ł: "l", þ: "th", ð: "d", ı: "i" };

/**
 * The event's address name from its title: lowercase ASCII letters and digits joined by
 * single dashes, at most 60 characters including the suffix ("spring-cup-2"). The suffix
 * is what the caller adds when the plain slug is taken, so the cut never eats it. A title
 * with nothing usable ("€€€") becomes "event".
 */
export function slugify(title: string, suffix?: string | number): string {
  const tailPart = suffix === undefined ? "" : asciiDashed(String(suffix)).slice(0, SLUG_MAX_LENGTH - 3);
  const tail = tailPart === "" ? "" : `-${tailPart}`;
  const base = asciiDashed(title)
    .slice(0, SLUG_MAX_LENGTH - tail.length)
    .replace(/-+$/g, "");
  // Slugs are at least 2 characters elsewhere (lib/validation slugSchema).
  const name = base.length >= 2 ? base : base.length === 1 ? `event-${base}` : "event";
  return `${name.slice(0, SLUG_MAX_LENGTH - tail.length).replace(/-+$/g, "")}${tail}`;
}

function asciiDashed(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđłþðı]/g, (c) => TRANSLITERATE[c] ?? c)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
