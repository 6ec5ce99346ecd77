/**
 * The wire shapes of the events API. zod only checks types here (400 with fields); what a
 * valid event is, is decided by src/domain/events validateEventDefinition, whose messages
 * use the same field names.
 */
import { z } from "zod";
import { TEAM_NAME_MAX_LENGTH } from "@/domain/events";
import { textField } from "@/lib/validation/text";

const text = (max: number, message: string) => z.string({ error: message }).max(max, message);

export const replayInput = z.object({
  datasets: z.array(z.string().max(100), { error: "Choose the datasets to replay." }).max(100),
  from: text(20, "Enter the first day to replay as YYYY-MM-DD."),
  speed: z.number({ error: "The speed is a number of trading days per real hour." }),
});

/** Margin terms (docs/decisions/070): each omitted one takes its default; the event's margin is set whole. */
export const marginInput = z.object({
  multiplier: z.number({ error: "The margin multiple is a number, like 2 for buying power of twice the equity." }).optional(),
  debitRatePct: z.number({ error: "The interest on a debit balance is a yearly percentage, like 8." }).optional(),
  creditRatePct: z.number({ error: "The interest on cash is a yearly percentage, like 0." }).optional(),
  maintenancePct: z.number({ error: "The maintenance margin is a percentage of the long market value, like 25." }).optional(),
  callHours: z.number({ error: "The time to meet a margin call is a whole number of hours, like 24." }).optional(),
});

const fields = {
  title: text(500, "Give the event a title."),
  description: text(20_000, "The description must be text.").optional(),
  startsAt: text(60, "Enter when the event starts, as an ISO 8601 date and time with a time zone."),
  endsAt: text(60, "Enter when the event ends, as an ISO 8601 date and time with a time zone."),
  startingCash: text(40, 'Enter the starting cash as a decimal string, like "100000.00".'),
  commissionFlat: text(40, 'Enter the flat commission as a decimal string, like "1.00".').optional(),
  commissionBps: z.number({ error: "The commission rate is a number of basis points." }).optional(),
  allowShort: z.boolean({ error: "Choose on or off." }).optional(),
  maxPositionPct: z.number({ error: "The position limit is a percentage, or null for none." }).nullable().optional(),
  visibility: z.enum(["public", "private"], { error: "Choose public or private." }),
  lateEntry: z.boolean({ error: "Choose on or off." }).optional(),
  maxParticipants: z.number({ error: "The participant limit is a whole number, or null for none." }).nullable().optional(),
  metric: z.enum(["return", "sharpe"], { error: "Rank by return or by sharpe." }).optional(),
  instruments: z.array(z.string().max(20), { error: "List instrument symbols, or null for all." }).max(1000).nullable().optional(),
  requiredLesson: text(200, "Choose a lesson, or null for none.").nullable().optional(),
  replay: replayInput.nullable().optional(),
  minHoldings: z.number({ error: "The minimum number of holdings is a whole number, or null for none." }).nullable().optional(),
  maxTradesPerDay: z.number({ error: "The trades per day is a whole number, or null for no limit." }).nullable().optional(),
  minHoldMinutes: z.number({ error: "The minimum holding time is a whole number of minutes, or null for none." }).nullable().optional(),
  minSharePrice: text(40, 'Enter the minimum share price as a decimal string, like "5.00", or null for none.').nullable().optional(),
  halfSpreadBps: z.number({ error: "Half the spread is a number of basis points." }).optional(),
  participationPct: z.number({ error: "The participation limit is a percentage of the volume traded." }).optional(),
  impact: z.boolean({ error: "Choose on or off." }).optional(),
  margin: marginInput.nullable().optional(),
  borrowFees: z.boolean({ error: "Choose on or off." }).optional(),
};

export const createEventInput = z.object(fields);
export type CreateEventInput = z.output<typeof createEventInput>;

export const updateEventInput = z.object(fields).partial();
export type UpdateEventInput = z.output<typeof updateEventInput>;

export const cloneEventInput = z
  .object({
    title: fields.title.optional(),
    startsAt: fields.startsAt.optional(),
    endsAt: fields.endsAt.optional(),
  })
  .optional()
  .default({});

/** The "Have a join code?" box: a code alone, in any case, with or without its dash. */
export const findEventByCodeInput = z.object({
  code: z.string({ error: "Enter the join code." }).trim().min(1, "Enter the join code.").max(40, "A join code is 8 characters, like ABCD-EFGH."),
});

export const joinEventInput = z
  .object({ code: z.string({ error: "The join code is text." }).max(40, "A join code is 8 characters.").nullish() })
  .optional()
  .default({});

/** A team a student founds: its name. */
export const createTeamInput = z.object({ name: textField({ min: 1, max: TEAM_NAME_MAX_LENGTH, required: "Give the team a name." }) });

export const joinTeamInput = z.object({
  code: z.string({ error: "Enter the team's code." }).trim().min(1, "Enter the team's code.").max(40, "A team code looks like ABCD-EFGH."),
});

