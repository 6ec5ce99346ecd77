/**
 * Join codes and slugs. Randomness comes in as bytes (the server passes
 * `crypto.getRandomValues`), so this stays pure and tests can fix the code.
 */

/**
 * 32 characters without 0/O and 1/I, which people misread when a code is written on a
 * whiteboard. 32 divides 256, so taking 5 bits of each byte is unbiased.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** 8 characters = 40 bits: unguessable behind the join route's rate limit, short enough to read out. */
export const JOIN_CODE_LENGTH = 8;

export class JoinCodeEntropyError extends Error {
  constructor(got: number) {
    super(`A join code needs ${JOIN_CODE_LENGTH} random bytes, got ${got}.`);
    this.name = "JoinCodeEntropyError";
  }
}

/** A new join code from `JOIN_CODE_LENGTH` random bytes (extra bytes are ignored). */
export function generateJoinCode(randomBytes: Uint8Array): string {
  if (randomBytes.length < JOIN_CODE_LENGTH) throw new JoinCodeEntropyError(randomBytes.length);
  let code = "";
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomBytes[i]! & 31];
  return code;
}

/** What people type: any case, with spaces or a dash ("abcd-efgh"). */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s-]+/g, "").toUpperCase();
}

/** "ABCDEFGH" → "ABCD-EFGH", easier to read out; `normalizeJoinCode` takes either. */
export function formatJoinCode(code: string): string {
  const normalized = normalizeJoinCode(code);
  return normalized.length === JOIN_CODE_LENGTH ? `${normalized.slice(0, 4)}-${normalized.slice(4)}` : normalized;
}

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
