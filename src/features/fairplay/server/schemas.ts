/** The wire shape of a review: zod checks types; the domain's reviewReason decides when a reason is required. */
import { z } from "zod";
import { REVIEW_DECISIONS, REVIEW_REASON_MAX, REVIEW_TARGETS } from "@/domain/fairplay";
import { textField } from "@/lib/validation/text";

export const reviewFlagInput = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: "decision: choose dismiss, warn or disqualify." }),
  reason: z.optional(textField({ max: REVIEW_REASON_MAX, multiline: true, tooLong: `Use at most ${REVIEW_REASON_MAX} characters.` })),
  /** Whom it acts on: the flag's person (the default), the other account of a pair, or both. */
  who: z.optional(z.enum(REVIEW_TARGETS, { error: "who: choose person, counterpart or both." })),
});
export type ReviewFlagInput = z.infer<typeof reviewFlagInput>;
