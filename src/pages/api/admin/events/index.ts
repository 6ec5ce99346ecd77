import { adminListEvents, createEvent, createEventInput } from "@/features/events";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { adminEventsPage, eventCreated } from "@/features/events/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "List every event (administration)",
      description: "Input: `?page=&pageSize=`",
      response: "200 `{items:[event with joinCode, lockedFields], page, pageSize, total}`, archived ones included",
    },
    input: pageQuery,
    answer: adminEventsPage,
    async handler({ input }) {
      return { body: await adminListEvents(await getDb(), input) };
    },
  }),
  POST: method({
    auth: "admin",
    docs: {
      summary: "Create an event",
      description: "Input: `{title, description?, startsAt, endsAt, startingCash, commissionFlat?, commissionBps?, allowShort?, maxPositionPct?, visibility, lateEntry?, maxParticipants?, metric?, instruments?, requiredLesson? (lesson id or slug), replay?, minHoldings?, maxTradesPerDay?, minHoldMinutes?, minSharePrice?, halfSpreadBps?, participationPct?, impact?, margin?: {multiplier?, debitRatePct?, creditRatePct?, maintenancePct?, callHours?} | null, borrowFees?}` — instants ISO 8601 with a zone, amounts decimal strings; minHoldings…minSharePrice are the rules against gambling (whole numbers, a decimal string; null = none); halfSpreadBps (0–500, default 5), participationPct (1–100, default 10) and impact (default true) set fills' spread, partial fills and market impact (decision 056); margin (default none; each term defaulting to 2×, 8 % and 0 % a year, 25 %, 24 hours) allows borrowing with interest, a maintenance margin, margin calls and forced sales, and borrowFees (default true) charges shorts a daily fee (decision 070)",
      status: 201,
      response: "201 `{event, slug, joinCode?}` (`joinCode` when private); 400 `VALIDATION_FAILED` with a message per field (the domain's `validateEventDefinition`: lengths, window, amounts, limits; unknown symbols or lesson). `replay: {datasets: [dataset id], from: \"YYYY-MM-DD\", speed}` (speed in trading days per real hour) makes a historical-replay event: 400 `fields[\"replay.datasets\"]` for an unknown dataset, a dataset chosen twice or two datasets of one symbol; `fields[\"replay.from\"]` for a start outside the chosen data (earliest first date to latest last date). A replay event's `instruments` are set to its datasets' symbols (what is sent is ignored)",
    },
    input: createEventInput,
    answer: eventCreated,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createEvent(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
