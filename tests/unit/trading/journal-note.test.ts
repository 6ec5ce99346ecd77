import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "@/lib/validation/field-errors";
import { JOURNAL_NOTE_MAX, journalNoteSchema } from "@/lib/validation/journal";

/** The note as the order route reads it: one optional field of the body. */
const body = z.object({ symbol: z.string(), note: journalNoteSchema });

describe("a trade's journal note", () => {
  it("is optional: an order without one has no note", () => {
    expect(body.parse({ symbol: "AAPL" })).toEqual({ symbol: "AAPL", note: null });
    expect(body.parse({ symbol: "AAPL", note: null })).toEqual({ symbol: "AAPL", note: null });
  });

  it("is trimmed, and a blank note counts as none", () => {
    expect(body.parse({ symbol: "AAPL", note: "  Cheap after the dip.  " }).note).toBe("Cheap after the dip.");
    expect(body.parse({ symbol: "AAPL", note: " \n\t " }).note).toBeNull();
  });

  it("keeps line breaks: why I bought it on one line, what would make me sell on the next", () => {
    expect(body.parse({ symbol: "AAPL", note: "Why: earnings.\nSell if: below 90." }).note).toBe("Why: earnings.\nSell if: below 90.");
  });

  it("takes exactly 1,000 characters after trimming and refuses 1,001 with a clear message", () => {
    expect(JOURNAL_NOTE_MAX).toBe(1000);
    expect(body.parse({ symbol: "AAPL", note: ` ${"a".repeat(1000)} ` }).note).toHaveLength(1000);
    const result = body.safeParse({ symbol: "AAPL", note: "a".repeat(1001) });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ note: "A journal note is at most 1,000 characters." });
  });

  it("refuses control characters that cannot be stored, and anything that is not text", () => {
    expect(fieldErrors(body.safeParse({ symbol: "AAPL", note: "bell\u0007" }).error!)).toEqual({ note: "The journal note contains characters that cannot be stored." });
    expect(fieldErrors(body.safeParse({ symbol: "AAPL", note: 42 }).error!)).toEqual({ note: "The journal note is text." });
  });

  it("keeps markup as the text it is (the page escapes it when it shows it)", () => {
    expect(body.parse({ symbol: "AAPL", note: "<script>alert(1)</script>" }).note).toBe("<script>alert(1)</script>");
  });
});
