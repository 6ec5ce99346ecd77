/**
 * The event form of /admin/events: create, and edit with the fields the event's phase locks
 * disabled and the reason shown beside each. Errors are the server's, per field (the
 * domain's validateEventDefinition names them as the inputs are named).
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Field, SelectField, useTimeFormat } from "@/components/ui";
import { MARGIN_DEFAULT_TEXT, MARGIN_FIELDS, type MarginField } from "@/components/margin-fields";
import { MarginTermFields } from "@/components/MarginTermFields";
import { errorText, useAction } from "@/components/ui/useAction";
import type { AnswerOf } from "@/lib/api/endpoint";
import { ApiError, call } from "@/lib/client/api";
import { fromWallTime, integer, type TimeFormat } from "@/lib/format";
import { eventEndpoints } from "./endpoints";
import type { EventView } from "./types";
import styles from "./events.module.css";

/** An imported dataset an event can replay (one instrument's daily history). */
export interface DatasetChoice {
  id: string;
  name: string;
  symbol: string;
  firstDate: string;
  lastDate: string;
}

export interface LessonChoice {
  id: string;
  title: string;
  course: string;
}

type Draft = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  startingCash: string;
  commissionFlat: string;
  commissionBps: string;
  allowShort: boolean;
  maxPositionPct: string;
  visibility: "public" | "private";
  lateEntry: boolean;
  maxParticipants: string;
  metric: "return" | "sharpe";
  instruments: string;
  requiredLesson: string;
  replayOn: boolean;
  replayDatasets: string[];
  replayFrom: string;
  replaySpeed: string;
  minHoldings: string;
  maxTradesPerDay: string;
  minHoldMinutes: string;
  minSharePrice: string;
  halfSpreadBps: string;
  participationPct: string;
  impact: boolean;
  /** Margin (docs/decisions/070): on, and its terms as typed. */
  marginOn: boolean;
  marginMultiplier: string;
  marginDebitRatePct: string;
  marginCreditRatePct: string;
  marginMaintenancePct: string;
  marginCallHours: string;
  borrowFees: boolean;
};

/** The form's margin inputs, keyed by the API's field under `margin` (errors come back as `margin.<field>`). */
const MARGIN_KEYS = { multiplier: "marginMultiplier", debitRatePct: "marginDebitRatePct", creditRatePct: "marginCreditRatePct", maintenancePct: "marginMaintenancePct", callHours: "marginCallHours" } as const;

/** The defaults the form offers when margin is turned on (the domain's DEFAULT_MARGIN). */
const MARGIN_DEFAULTS = Object.fromEntries(MARGIN_FIELDS.map((m) => [MARGIN_KEYS[m.field], MARGIN_DEFAULT_TEXT[m.field]])) as Record<(typeof MARGIN_KEYS)[MarginField], string>;

/**
 * datetime-local wants a wall time without a zone: the page's zone's (the one every time on
 * the page is shown in), so the server's HTML and the browser agree and the form means what
 * the event page will show.
 */
function localInput(iso: string, zone: TimeFormat): string {
  const wall = zone.wallTime(iso, true);
  return wall.endsWith(":00") ? wall.slice(0, -3) : wall;
}

/** …and the API an instant with a zone: the wall time read in the page's zone. */
function instant(local: string, zone: TimeFormat): string {
  return fromWallTime(local, zone.timeZone) ?? local;
}

function draftOf(event: EventView | null, zone: TimeFormat): Draft {
  if (!event) {
    const start = new Date(Math.ceil((Date.now() + 3_600_000) / 3_600_000) * 3_600_000);
    return {
      title: "",
      description: "",
      startsAt: localInput(start.toISOString(), zone),
      endsAt: localInput(new Date(start.getTime() + 7 * 86_400_000).toISOString(), zone),
      startingCash: "100000.00",
      commissionFlat: "0.00",
      commissionBps: "0",
      allowShort: true,
      maxPositionPct: "",
      visibility: "public",
      lateEntry: true,
      maxParticipants: "",
      metric: "return",
      instruments: "",
      requiredLesson: "",
      replayOn: false,
      replayDatasets: [],
      replayFrom: "",
      replaySpeed: "60",
      minHoldings: "",
      maxTradesPerDay: "",
      minHoldMinutes: "",
      minSharePrice: "",
      halfSpreadBps: "5",
      participationPct: "10",
      impact: true,
      marginOn: false,
      ...MARGIN_DEFAULTS,
      borrowFees: true,
    };
  }
  return {
    title: event.title,
    description: event.description,
    startsAt: localInput(event.startsAt, zone),
    endsAt: localInput(event.endsAt, zone),
    startingCash: event.startingCash,
    commissionFlat: event.commissionFlat,
    commissionBps: String(event.commissionBps),
    allowShort: event.allowShort,
    maxPositionPct: event.maxPositionPct === null ? "" : String(event.maxPositionPct),
    visibility: event.visibility,
    lateEntry: event.lateEntry,
    maxParticipants: event.maxParticipants === null ? "" : String(event.maxParticipants),
    metric: event.metric,
    instruments: event.instruments?.join(", ") ?? "",
    requiredLesson: event.requiredLesson ?? "",
    replayOn: event.replay !== null,
    replayDatasets: event.replay?.datasets ?? [],
    replayFrom: event.replay?.from ?? "",
    replaySpeed: event.replay ? String(event.replay.speed) : "60",
    minHoldings: event.minHoldings === null ? "" : String(event.minHoldings),
    maxTradesPerDay: event.maxTradesPerDay === null ? "" : String(event.maxTradesPerDay),
    minHoldMinutes: event.minHoldMinutes === null ? "" : String(event.minHoldMinutes),
    minSharePrice: event.minSharePrice ?? "",
    halfSpreadBps: String(event.halfSpreadBps),
    participationPct: String(event.participationPct),
    impact: event.impact,
    marginOn: Boolean(event.margin),
    ...(event.margin
      ? {
          marginMultiplier: String(event.margin.multiplier),
          marginDebitRatePct: String(event.margin.debitRatePct),
          marginCreditRatePct: String(event.margin.creditRatePct),
          marginMaintenancePct: String(event.margin.maintenancePct),
          marginCallHours: String(event.margin.callHours),
        }
      : MARGIN_DEFAULTS),
    borrowFees: event.borrowFees ?? false,
  };
}

const numberOr = (text: string, blank: null | number) => (text.trim() === "" ? blank : Number(text));

function bodyOf(draft: Draft, zone: TimeFormat) {
  return {
    title: draft.title,
    description: draft.description,
    startsAt: instant(draft.startsAt, zone),
    endsAt: instant(draft.endsAt, zone),
    startingCash: draft.startingCash.trim(),
    commissionFlat: draft.commissionFlat.trim() || "0.00",
    commissionBps: numberOr(draft.commissionBps, 0),
    allowShort: draft.allowShort,
    maxPositionPct: numberOr(draft.maxPositionPct, null),
    visibility: draft.visibility,
    lateEntry: draft.lateEntry,
    maxParticipants: numberOr(draft.maxParticipants, null),
    metric: draft.metric,
    // A replay event trades exactly its datasets' symbols (the server sets them).
    instruments: draft.replayOn || draft.instruments.trim() === "" ? null : draft.instruments.split(/[\s,]+/).filter(Boolean),
    requiredLesson: draft.requiredLesson || null,
    replay: draft.replayOn ? { datasets: draft.replayDatasets, from: draft.replayFrom, speed: numberOr(draft.replaySpeed, 0) } : null,
    minHoldings: numberOr(draft.minHoldings, null),
    maxTradesPerDay: numberOr(draft.maxTradesPerDay, null),
    minHoldMinutes: numberOr(draft.minHoldMinutes, null),
    minSharePrice: draft.minSharePrice.trim() || null,
    halfSpreadBps: numberOr(draft.halfSpreadBps, 5),
    participationPct: numberOr(draft.participationPct, 10),
    impact: draft.impact,
    margin: draft.marginOn
      ? {
          multiplier: numberOr(draft.marginMultiplier, 2),
          debitRatePct: numberOr(draft.marginDebitRatePct, 8),
          creditRatePct: numberOr(draft.marginCreditRatePct, 0),
          maintenancePct: numberOr(draft.marginMaintenancePct, 25),
          callHours: numberOr(draft.marginCallHours, 24),
        }
      : null,
    borrowFees: draft.borrowFees,
  };
}

/** Whole trading days the window plays at the speed (trading days per real hour), as the server counts them. */
function tradingDays(draft: Draft, zone: TimeFormat): number | null {
  const start = Date.parse(instant(draft.startsAt, zone));
  const end = Date.parse(instant(draft.endsAt, zone));
  const speed = Number(draft.replaySpeed);
  if (!Number.isFinite(start) || !Number.isFinite(end) || !(speed > 0) || end <= start) return null;
  return Math.floor((end - start) / ((3600 / speed) * 1000));
}

/** Weekdays from one YYYY-MM-DD to another, both counted: about the trading days in the data (holidays aside). */
function weekdaysBetween(from: string, to: string): number | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  let count = 0;
  for (let t = start; t <= end; t += 86_400_000) if (![0, 6].includes(new Date(t).getUTCDay())) count++;
  return count;
}

/**
 * The speed hint: how many trading days the window plays, and, when the chosen data ends long
 * before the window does, how many it has and the speed that spreads them over the window.
 */
function speedHint(days: number | null, available: number | null, from: string, draft: Draft, zone: TimeFormat): string | undefined {
  if (days === null) return undefined;
  if (available === null || days <= available) return `This window plays ${integer(days)} trading ${days === 1 ? "day" : "days"} (fewer if the data ends first).`;
  const hours = (Date.parse(instant(draft.endsAt, zone)) - Date.parse(instant(draft.startsAt, zone))) / 3_600_000;
  const fits = Math.max(0.01, Math.floor((available / hours) * 100) / 100);
  return `This window has room for ${integer(days)} trading days, but the data has about ${integer(available)} from ${from}: after them the prices stay at the last close. A speed of ${fits} spreads them over the whole window.`;
}

export interface EventFormProps {
  event: EventView | null;
  lessons: LessonChoice[];
  datasets?: DatasetChoice[];
  onSaved: (answer: AnswerOf<typeof eventEndpoints.adminCreate>) => void;
}

export function EventForm({ event, lessons, datasets = [], onSaved }: EventFormProps) {
  const zone = useTimeFormat();
  const [draft, setDraft] = useState<Draft>(() => draftOf(event, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, status: message, setStatus: setMessage, run } = useAction();
  const locked = event?.lockedFields ?? {};
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    await run(
      async () => {
        const body = bodyOf(draft, zone);
        // An edit sends only what may change: a locked field is left as it is.
        const sent = event ? Object.fromEntries(Object.entries(body).filter(([k]) => !locked[k])) : body;
        const answer = event ? await call(eventEndpoints.adminUpdate, { params: { slug: event.slug }, body: sent }) : await call(eventEndpoints.adminCreate, { body: sent });
        if (!event) setDraft(draftOf(null, zone));
        onSaved(answer);
      },
      {
        // A new event is announced by the page (with its link and code); an edit here.
        success: event ? "Saved." : undefined,
        failure: (err) => {
          if (err instanceof ApiError) setErrors(err.fields);
          return errorText(err, "Could not save the event. Try again.");
        },
      },
    );
  }

  const lock = (field: string): { disabled?: boolean; hint?: ReactNode } => (locked[field] ? { disabled: true, hint: `Locked: ${locked[field]}` } : {});
  const input = (field: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={field}
      value={String(draft[field])}
      onChange={(e) => set(field, e.target.value as never)}
      error={errors[field]}
      {...extra}
      {...lock(field)}
    />
  );
  const check = (field: "allowShort" | "lateEntry" | "impact" | "borrowFees", label: string) => (
    <div>
      <label className={styles.check}>
        <input type="checkbox" name={field} checked={draft[field]} disabled={Boolean(locked[field])} onChange={(e) => set(field, e.target.checked)} />
        {label}
      </label>
      {locked[field] && <span className={styles.lockReason}>Locked: {locked[field]}</span>}
      {errors[field] && <span className={styles.lockReason}>{errors[field]}</span>}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={event ? "Edit event" : "Create an event"}>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <div className={styles.formGrid}>
        <div className={styles.wide}>{input("title", "Title", { required: true, maxLength: 120 })}</div>
        <div className={styles.wide}>
          <div style={{ marginBottom: "1rem" }}>
            <label htmlFor="event-description" style={{ fontWeight: 600, display: "block", marginBottom: "0.3rem" }}>
              Description
            </label>
            <textarea
              id="event-description"
              className={styles.textarea}
              value={draft.description}
              onChange={(e) => set("description", e.target.value)}
              disabled={Boolean(locked.description)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby="event-description-hint"
            />
            <span id="event-description-hint" className={styles.lockReason} style={{ marginTop: 0 }}>
              Markdown, as in lessons: **bold**, lists, links. HTML is not shown.
            </span>
            {errors.description && <span className={styles.lockReason}>{errors.description}</span>}
          </div>
        </div>
        {input("startsAt", `Starts (${zone.timeZone} time)`, { type: "datetime-local", step: 1, required: true })}
        {input("endsAt", `Ends (${zone.timeZone} time)`, { type: "datetime-local", step: 1, required: true, hint: locked.endsAt ? undefined : event && event.phase === "live" ? "A live event's end can move, to a time still ahead." : undefined })}
        {input("startingCash", "Starting cash", { inputMode: "decimal" })}
        {input("maxPositionPct", "Largest position (% of equity)", { inputMode: "decimal", placeholder: "No limit" })}
        {input("commissionFlat", "Commission per fill (flat)", { inputMode: "decimal" })}
        {input("commissionBps", "Commission rate (basis points)", { inputMode: "decimal" })}
        {input("halfSpreadBps", "Half the spread (basis points)", { inputMode: "decimal", hint: "What a market order pays over the price before impact; 5 is a liquid stock." })}
        {input("participationPct", "Participation limit (% of volume traded)", { inputMode: "decimal", hint: "An order over 1 % of a day's volume fills in parts, at most this share of what trades." })}
        <div>
          <SelectField label="Visibility" name="visibility" value={draft.visibility} onChange={(e) => set("visibility", e.target.value as Draft["visibility"])} error={errors.visibility} disabled={Boolean(locked.visibility)}>
            <option value="public">Public: everyone can see and join</option>
            <option value="private">Private: join code or invite link</option>
          </SelectField>
          {locked.visibility && <span className={styles.lockReason}>Locked: {locked.visibility}</span>}
        </div>
        <div>
          <SelectField label="Ranking metric" name="metric" value={draft.metric} onChange={(e) => set("metric", e.target.value as Draft["metric"])} error={errors.metric} disabled={Boolean(locked.metric)}>
            <option value="return">Total return</option>
            <option value="sharpe">Sharpe ratio (risk-adjusted)</option>
          </SelectField>
          {locked.metric && <span className={styles.lockReason}>Locked: {locked.metric}</span>}
        </div>
        {input("maxParticipants", "Participant limit", { inputMode: "numeric", placeholder: "No limit" })}
        <div>
          <SelectField
            label="Required lesson"
            name="requiredLesson"
            value={draft.requiredLesson}
            onChange={(e) => set("requiredLesson", e.target.value)}
            error={errors.requiredLesson}
            disabled={Boolean(locked.requiredLesson)}
          >
            <option value="">None</option>
            {lessons.map((l) => (
              <option key={l.id} value={l.id}>
                {l.course}: {l.title}
              </option>
            ))}
          </SelectField>
          {locked.requiredLesson && <span className={styles.lockReason}>Locked: {locked.requiredLesson}</span>}
        </div>
        <ReplayFields draft={draft} set={set} datasets={datasets} errors={errors} locked={locked.replay} />
        <div className={styles.wide}>{draft.replayOn ? null : input("instruments", "Allowed instruments", { placeholder: "All instruments", hint: locked.instruments ? `Locked: ${locked.instruments}` : "Symbols separated by commas; leave empty to allow every instrument." })}</div>
        {check("allowShort", "Allow short selling")}
        {check("impact", "Market impact: large orders move the price against themselves")}
        {check("lateEntry", "Allow joining once live")}
        {check("borrowFees", "Shorts pay a daily borrow fee (0.25 % to 5 % a year by stock)")}
        <fieldset className={styles.wide} aria-label="Margin" disabled={Boolean(locked.margin)}>
          <legend>Margin (borrowing)</legend>
          <label className={styles.check}>
            <input type="checkbox" name="marginOn" checked={draft.marginOn} onChange={(e) => set("marginOn", e.target.checked)} />
            Allow margin: people may borrow to buy, pay interest and get margin calls
          </label>
          {locked.margin && <span className={styles.lockReason}>Locked: {locked.margin}</span>}
          {errors.margin && <span className={styles.lockReason}>{errors.margin}</span>}
          {draft.marginOn && (
            <div className={styles.formGrid}>
              <MarginTermFields
                value={(field) => draft[MARGIN_KEYS[field]]}
                onChange={(field, text) => set(MARGIN_KEYS[field], text)}
                errorOf={(field) => errors[`margin.${field}`]}
                nameOf={(field) => MARGIN_KEYS[field]}
              />
            </div>
          )}
        </fieldset>
        <fieldset className={styles.wide} aria-label="Rules against gambling">
          <legend>Rules against gambling (optional)</legend>
          <div className={styles.formGrid}>
            {input("minHoldings", "Minimum holdings after the first day", {
              inputMode: "numeric",
              placeholder: "None",
              hint: "Different instruments each person must keep from 24 hours after the start; a sale that would leave fewer is refused.",
            })}
            {input("maxTradesPerDay", "Orders per day", {
              inputMode: "numeric",
              placeholder: "No limit",
              hint: draft.replayOn ? "Orders a person may place in one replayed trading day." : "Orders a person may place between 00:00 and 24:00 UTC.",
            })}
            {input("minHoldMinutes", "Minimum holding time (minutes)", {
              inputMode: "numeric",
              placeholder: "None",
              hint: "Real minutes after the last buy (or short) before a position may be sold (or covered).",
            })}
            {input("minSharePrice", "Minimum share price", { inputMode: "decimal", placeholder: "None", hint: "Shares priced below this cannot be bought or shorted; selling is always allowed." })}
          </div>
        </fieldset>
      </div>
      <Button type="submit" busy={busy}>
        {event ? "Save changes" : "Create event"}
      </Button>
    </form>
  );
}

function ReplayFields({
  draft,
  set,
  datasets,
  errors,
  locked,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  datasets: DatasetChoice[];
  errors: Record<string, string>;
  locked: string | undefined;
}) {
  const chosen = datasets.filter((d) => draft.replayDatasets.includes(d.id));
  const first = chosen.reduce<string | null>((m, d) => (m === null || d.firstDate < m ? d.firstDate : m), null);
  const last = chosen.reduce<string | null>((m, d) => (m === null || d.lastDate > m ? d.lastDate : m), null);
  const zone = useTimeFormat();
  const days = tradingDays(draft, zone);
  const from = draft.replayFrom || first;
  const available = from && last ? weekdaysBetween(from, last) : null;
  const disabled = Boolean(locked);
  return (
    <fieldset className={styles.wide} disabled={disabled} aria-label="Historical replay">
      <legend>Historical replay</legend>
      <label className={styles.check}>
        <input type="checkbox" name="replayOn" checked={draft.replayOn} onChange={(e) => set("replayOn", e.target.checked)} />
        Replay imported datasets instead of the practice market
      </label>
      {locked && <span className={styles.lockReason}>Locked: {locked}</span>}
      {draft.replayOn && (
        <>
          {datasets.length === 0 ? (
            <p>No datasets yet: import one under Admin → Market first.</p>
          ) : (
            <div role="group" aria-label="Datasets to replay">
              {datasets.map((d) => (
                <label key={d.id} className={styles.check}>
                  <input
                    type="checkbox"
                    name="replayDatasets"
                    value={d.id}
                    checked={draft.replayDatasets.includes(d.id)}
                    onChange={(e) => set("replayDatasets", e.target.checked ? [...draft.replayDatasets, d.id] : draft.replayDatasets.filter((id) => id !== d.id))}
                  />
                  {d.name} ({d.symbol}, {d.firstDate} to {d.lastDate})
                </label>
              ))}
            </div>
          )}
          {errors["replay.datasets"] && <span className={styles.lockReason}>{errors["replay.datasets"]}</span>}
          <Field
            label="Replay from (first trading day)"
            name="replayFrom"
            type="date"
            value={draft.replayFrom}
            min={first ?? undefined}
            max={last ?? undefined}
            onChange={(e) => set("replayFrom", e.target.value)}
            error={errors["replay.from"]}
            hint={first && last ? `The chosen data runs from ${first} to ${last}.` : undefined}
          />
          <Field
            label="Speed (trading days per real hour)"
            name="replaySpeed"
            inputMode="decimal"
            value={draft.replaySpeed}
            onChange={(e) => set("replaySpeed", e.target.value)}
            error={errors["replay.speed"]}
            hint={speedHint(days, available, from ?? "", draft, zone)}
          />
        </>
      )}
    </fieldset>
  );
}
