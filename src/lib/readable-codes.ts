/**
 * Codes people read off paper or a whiteboard and type: class and event join codes, roster
 * usernames and passwords (docs/decisions/038-classes.md). One generator, two alphabets, both
 * without the look-alikes 0/O, 1/l/I. Randomness comes in as bytes (the server passes
 * `crypto.getRandomValues`), so this stays pure and tests can fix the output.
 */

/**
 * Join codes: 32 upper-case characters without 0/O and 1/I. 32 divides 256, so taking 5 bits
 * of each byte is unbiased and needs exactly one byte per character.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** 8 characters = 40 bits: unguessable behind the join routes' rate limit, short enough to read out. */
export const JOIN_CODE_LENGTH = 8;

/**
 * Usernames and passwords: lower case (easier to type on a phone or a school laptop) without
 * 0/o, 1/l and i. 31 characters: bytes at or over 248 are skipped so every character is as
 * likely as the next.
 */
export const READABLE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const USERNAME_LENGTH = 8;
/** 12 characters ≈ 59 bits, printed and typed in groups of four: "k7mw-3xpa-q9rt". */
export const PASSWORD_GROUPS = 3;
export const PASSWORD_GROUP_LENGTH = 4;

/** Random bytes: a fixed array (tests), or a source asked for more when bytes are skipped. */
export type RandomBytes = Uint8Array | ((count: number) => Uint8Array);

export class CodeEntropyError extends Error {
  constructor(needed: number, got: number) {
    super(`A code needs ${needed} usable random bytes, got ${got}.`);
    this.name = "CodeEntropyError";
  }
}

/** `length` characters of `alphabet` (at most 256 characters), drawn without bias from `random`. */
export function readableCode(random: RandomBytes, length: number, alphabet: string): string {
  // The largest multiple of the alphabet's size that fits a byte: bytes from there on are skipped.
  const usable = Math.floor(256 / alphabet.length) * alphabet.length;
  let code = "";
  let seen = 0;
  let pool = typeof random === "function" ? random(length) : random;
  let at = 0;
  while (code.length < length) {
    if (at >= pool.length) {
      if (typeof random !== "function") throw new CodeEntropyError(length, seen);
      pool = random(length - code.length + 4);
      at = 0;
    }
    const byte = pool[at++]!;
    seen++;
    if (byte < usable) code += alphabet[byte % alphabet.length];
  }
  return code;
}

/** A new join code (events and classes) from `JOIN_CODE_LENGTH` random bytes (extra bytes are ignored). */
export function generateJoinCode(random: RandomBytes): string {
  return readableCode(random, JOIN_CODE_LENGTH, JOIN_CODE_ALPHABET);
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

/** A roster account's username: `USERNAME_LENGTH` readable characters, never an email address. */
export function generateUsername(random: RandomBytes): string {
  return readableCode(random, USERNAME_LENGTH, READABLE_ALPHABET);
}

/** A roster account's password: three groups of four readable characters joined by dashes. */
export function generatePassword(random: RandomBytes): string {
  const chars = readableCode(random, PASSWORD_GROUPS * PASSWORD_GROUP_LENGTH, READABLE_ALPHABET);
  return Array.from({ length: PASSWORD_GROUPS }, (_, i) => chars.slice(i * PASSWORD_GROUP_LENGTH, (i + 1) * PASSWORD_GROUP_LENGTH)).join("-");
}

/**
 * What a username looks like: what `generateUsername` makes, and room for more later (3–32
 * characters of a–z, 0–9, dot, dash, underscore, starting with a letter or digit). Never an "@",
 * so a sign-in name is an email address exactly when it has one.
 */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
