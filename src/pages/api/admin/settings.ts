import { z } from "zod";
import { marginRulesProblem } from "@/domain/trading";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { installSettings } from "@/features/admin/types";
import { changeSettings, readSettings } from "@/server/settings";

const figure = (name: string) => z.number({ error: `${name} is a number.` });
const termsSchema = z
  .object({
    multiplier: figure("multiplier"),
    debitRatePct: figure("debitRatePct"),
    creditRatePct: figure("creditRatePct"),
    maintenancePct: figure("maintenancePct"),
    callHours: figure("callHours"),
  })
  .strict()
  // The one check of margin terms, the events' too (domain/trading rules.ts), naming the field.
  .superRefine((terms, ctx) => {
    const problem = marginRulesProblem(terms);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

const changeSchema = z
  .object({
    membersMayCreateClasses: z.boolean({ error: "membersMayCreateClasses is true or false." }).optional(),
    practiceMargin: z
      .object({
        enabled: z.boolean({ error: "practiceMargin.enabled is true or false." }),
        /** Left out: the terms stay as they are (the defaults the first time). */
        terms: termsSchema.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change.");

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "Install settings",
      response:
        "200 `{membersMayCreateClasses, practiceMargin}`: whether any member (not only organisers) may create classes; the practice market's margin, `null` (never set: a cash account) or `{enabled, terms: {multiplier, debitRatePct, creditRatePct, maintenancePct, callHours}}`",
    },
    answer: installSettings,
    async handler() {
      return { body: await readSettings(await getDb()) };
    },
  }),
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change install settings",
      description:
        "Input: `{membersMayCreateClasses?: boolean, practiceMargin?: {enabled: boolean, terms?: {multiplier, debitRatePct, creditRatePct, maintenancePct, callHours}}}`, at least one, no other keys. Margin terms are checked as an event's are (400 naming the field); left out, they stay as they were (the defaults: 2×, 8 %, 0 %, 25 %, 24 h). Switched off, no one borrows more, and a portfolio still borrowing keeps the terms until its debt is repaid (docs/decisions/073). Each change is audited (`admin.setting-changed`).",
      response: "200 every setting after the change",
    },
    input: changeSchema,
    answer: installSettings,
    async handler({ input, session, ip }) {
      return { body: await changeSettings(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
