/** The wire shapes of the corrections API (zod: 400 with fields); limits from domain/trading corrections.ts. */
import { z } from "zod";
import { CORRECTION_LIMITS, displayMoney, parseMoney, tryParseMoney } from "@/domain/trading";
import { textField } from "@/lib/validation/text";

const MAX = CORRECTION_LIMITS.maxAdjustment;

const reason = textField({
  min: 1,
  max: CORRECTION_LIMITS.reasonMaxLength,
  multiline: true,
  required: "Give a reason: the student sees it.",
  tooLong: `Keep the reason to ${CORRECTION_LIMITS.reasonMaxLength} characters.`,
});

export const adjustmentInput = z.object({
  amount: z
    .string({ error: 'Enter the amount as text with up to 2 decimals, e.g. "250.00" or "-250.00".' })
    .trim()
    .refine((text) => tryParseMoney(text) !== null, 'Enter an amount with up to 2 decimals, e.g. "250.00" to add or "-250.00" to remove.')
    .refine((text) => tryParseMoney(text) !== 0n, "Enter an amount other than zero.")
    .refine((text) => {
      const amount = tryParseMoney(text);
      return amount === null || (amount <= MAX && amount >= -MAX);
    }, `An adjustment moves at most ${displayMoney(MAX)} either way.`)
    .transform((text) => parseMoney(text)),
  reason,
});
export type AdjustmentInput = z.output<typeof adjustmentInput>;

export const reversalInput = z.object({ reason });
