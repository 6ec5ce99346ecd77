/**
 * The trade journal's note (issue #11): why I bought it, what would make me sell. The one
 * owner of its rule, shared by `POST …/orders` and the trade ticket: trimmed, at most 1,000
 * characters, multi-line text (the stored-text rule, src/lib/text.ts); empty means no note.
 */
import * as z from "zod/mini";
import { textField } from "./text";

export const JOURNAL_NOTE_MAX = 1000;

export const JOURNAL_NOTE_TOO_LONG = `A journal note is at most ${JOURNAL_NOTE_MAX.toLocaleString("en-US")} characters.`;

/** `note` on an order: optional; blank (after trimming) is stored as no note (null). */
export const journalNoteSchema = z.pipe(
  z.optional(
    z.nullable(
      textField({
        max: JOURNAL_NOTE_MAX,
        multiline: true,
        required: "The journal note is text.",
        tooLong: JOURNAL_NOTE_TOO_LONG,
        characters: "The journal note contains characters that cannot be stored.",
      }),
    ),
  ),
  z.transform((value: string | null | undefined) => (value ? value : null)),
);
