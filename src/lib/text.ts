/**
 * The one owner of what text Tickerlab accepts (docs/decisions/027-input-rule.md).
 *
 * Two rules:
 * - the input rule, for every string that enters through the API or a page's address
 *   (body, query string, path): no NUL and no lone UTF-16 surrogate. Neither is text: PostgreSQL
 *   refuses NUL in `text` and both in `jsonb`, so they would otherwise surface as a 500.
 * - the stored-text rule, for every text field the app keeps (names, titles, descriptions…):
 *   a maximum length and no control characters (single-line fields take no tab or line
 *   break either). `lib/validation/text.ts` turns it into the zod field every schema uses.
 *
 * Pure and framework-free: the browser's forms, the API and the domain share it.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** C0 controls, DEL and C1 controls. */
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return are part of multi-line text. */
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The input rule for one string: true when it holds a NUL or a lone surrogate. */
export function isUnsafeText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** Deeper than any shape the API takes: a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * The input rule over a whole parsed input (query object, JSON body): the path of the first
 * string — value or key — that breaks it ("" for the top level, "name", "options.2.text"), or
 * null when everything is fine. Nesting deeper than 32 levels counts as a break.
 */
export function findUnsafeText(value: unknown): string | null {
  return walk(value, [], 0);
}

function walk(value: unknown, path: string[], depth: number): string | null {
  if (typeof value === "string") return isUnsafeText(value) ? path.join(".") : null;
  if (value === null || typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return path.join(".");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], [...path, String(i)], depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (isUnsafeText(key)) return [...path, "_"].join(".");
    const found = walk(inner, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export interface TextRule {
  /** The most characters (UTF-16 code units, as `String.length` counts) after trimming. */
  max: number;
  /** The fewest characters after trimming (default 0). */
  min?: number;
  /** Allows tabs and line breaks (descriptions, lesson bodies); other control characters never. */
  multiline?: boolean;
}

export type TextProblem = "too-short" | "too-long" | "characters";

/** The stored-text rule's characters: control characters (tab and line breaks allowed in multi-line text) or a lone surrogate. */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** The stored-text rule for one (already trimmed) value: what is wrong with it, or null. */
export function textProblem(value: string, rule: TextRule): TextProblem | null {
  if (value.length < (rule.min ?? 0)) return "too-short";
  if (value.length > rule.max) return "too-long";
  if (hasForbiddenCharacters(value, rule)) return "characters";
  return null;
}

/**
 * Makes any string safe to store in a `jsonb` column or a log: NUL and lone surrogates become
 * U+FFFD, and it is cut to `max` characters (without splitting a surrogate pair).
 */
export function toSafeText(value: string, max: number): string {
  let out = value.includes("\u0000") ? value.replaceAll("\u0000", "\ufffd") : value;
  if (LONE_SURROGATE.test(out)) out = out.replace(new RegExp(LONE_SURROGATE.source, "g"), "\ufffd");
  if (out.length <= max) return out;
  const cut = /[\ud800-\udbff]/.test(out.charAt(max - 1)) ? max - 1 : max;
  return `${out.slice(0, cut)}…`;
}
