/** The body of an admin's corporate action (POST /api/admin/instruments/{symbol}/corporate-actions); the domain checks the rest. */
import { z } from "zod";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-15." });

export const corporateActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("dividend"),
      exDate: day,
      payDate: day.optional(),
      amount: z.string().min(1, { error: "Give the amount per share, e.g. 0.42." }).max(20),
    }),
    z.object({
      kind: z.literal("split"),
      exDate: day,
      ratio: z.string().min(3, { error: 'Give the ratio as new:old shares, e.g. "2:1".' }).max(12),
    }),
  ],
  { error: 'kind is "dividend" or "split".' },
);
