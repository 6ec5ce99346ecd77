/** The wire shape of a review: zod checks types; the domain's reviewReason decides when a reason is required. */
import { z } from "zod";
import { REVIEW_DECISIONS, REVIEW_REASON_MAX } from "@/domain/fairplay";
import { textField } from "@/lib/validation/text";

export const reviewFlagInput = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: "decision: choose dismiss, warn or disqualify." }),
  reason: z.optional(textField({ max: REVIEW_REASON_MAX, multiline: true, tooLong: `Use at most ${REVIEW_REASON_MAX} characters.` })),
});
export type ReviewFlagInput = z.infer<typeof reviewFlagInput>;
