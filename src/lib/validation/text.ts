/**
 * "A text field" as a zod schema: every stored text the app keeps (a name, a title, a
 * description, a lesson…) is declared with `textField`, so each has a maximum length and
 * refuses control characters and lone surrogates (the rule itself: src/lib/text.ts). Written
 * with zod/mini so the forms can share it (docs/decisions/010); zod classic schemas take it as
 * a field too (`z.object({ name: textField(…) })`, `z.optional(textField(…))`).
 */
import * as z from "zod/mini";
import { textProblem, type TextRule } from "../text";

export interface TextFieldOptions extends TextRule {
  /** The message for a missing value, a value that is not text, and (with `min`) an empty one. */
  required?: string;
  /** The message for a value over `max`; default "Use at most {max} characters." */
  tooLong?: string;
  /** The message for a value under `min` (default: `required`, else "Use at least {min} characters."). */
  tooShort?: string;
  /** The message for control characters; default per single- or multi-line. */
  characters?: string;
  /** Trims surrounding white space first (default); off where it means something (Markdown). */
  trim?: boolean;
}

export function textField(options: TextFieldOptions) {
  const { max, min = 0, multiline = false } = options;
  const tooLong = options.tooLong ?? `Use at most ${max.toLocaleString("en-US")} characters.`;
  const tooShort = options.tooShort ?? options.required ?? `Use at least ${min} ${min === 1 ? "character" : "characters"}.`;
  const characters = options.characters ?? (multiline ? "This text contains characters that cannot be shown." : "Use letters, numbers and punctuation only.");
  const rule = z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, { max, min, multiline });
    if (!problem) return;
    const message = problem === "too-long" ? tooLong : problem === "too-short" ? tooShort : characters;
    // Not aborting, like minLength: checks of the enclosing object (e.g. "mark one answer correct") still run.
    ctx.issues.push({ code: "custom", message, input: value, continue: true });
  });
  const string = z.string(options.required ? { error: options.required } : undefined);
  return options.trim === false ? string.check(rule) : string.check(z.trim(), rule);
}
