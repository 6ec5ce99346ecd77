/**
 * What the corrections API answers (POST /api/portfolios/{id}/adjustments, …/fills/{fillId}/reversal,
 * GET …/corrections), as zod schemas (docs/decisions/071). This feature serves those routes
 * (the engine books a correction, features/trading corrections.ts; this feature decides who may
 * and lists them with the portfolio's cash), so it owns their answers. No server code here.
 */
import * as z from "zod/mini";
import { orderSide } from "@/features/trading/types";
import { decimal, instant, int } from "@/lib/api/answers";

export const correctorRole = z.enum(["admin", "teacher", "organiser"]);

/** A correction (features/trading corrections.ts `viewOf`); 201 of an adjustment and of a reversal. */
export const correctionAnswer = z.object({
  id: z.string(),
  kind: z.enum(["adjustment", "reversal"]),
  /** Signed cash the correction moved. */
  amount: decimal,
  reason: z.string(),
  by: correctorRole,
  createdAt: instant,
  /** A reversal: the fill it reversed; null for an adjustment. */
  fill: z.nullable(z.object({ id: z.string(), symbol: z.string(), side: orderSide, quantity: int, price: decimal, commission: decimal, createdAt: instant })),
  /** A reversal: the compensating fill's id. */
  reversalFillId: z.nullable(z.string()),
});
export type Correction = z.output<typeof correctionAnswer>;

/** GET …/corrections: newest first, with the portfolio's cash now (for the teacher's panel). */
export const correctionsPage = z.object({
  items: z.array(correctionAnswer),
  page: int,
  pageSize: int,
  total: int,
  portfolio: z.object({ id: z.string(), kind: z.enum(["practice", "event"]), cash: decimal }),
});
export type CorrectionsPage = z.output<typeof correctionsPage>;
