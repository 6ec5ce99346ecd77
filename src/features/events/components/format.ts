/** Words and numbers of the events pages. */
import { durationParts } from "@/domain/events";
import type { EventView } from "./types";

const grouped = (text: string) => {
  const [whole, cents] = text.split(".");
  const sign = whole!.startsWith("-") ? "-" : "";
  return `${sign}${whole!.replace("-", "").replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${cents !== undefined ? `.${cents}` : ""}`;
};

export const money = (text: string) => grouped(text);
export const percent = (fraction: string | null) => (fraction === null ? "—" : `${(Number(fraction) * 100).toFixed(2)} %`);

const WHEN = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });

/**
 * Instants in UTC, named as such: the server renders the page and the browser hydrates it,
 * so both must print the same text (the market's day is UTC too).
 */
export function when(iso: string): string {
  return `${WHEN.format(new Date(iso))} UTC`;
}

export function remaining(ms: number): string {
  const { days, hours, minutes, seconds } = durationParts(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${days > 0 ? `${days} d ` : ""}${hours}:${pad(minutes)}:${pad(seconds)}`;
}

/** The rules in plain words, one sentence each. */
export function rulesInWords(event: EventView): string[] {
  const rules = [`Everyone starts with ${money(event.startingCash)} in cash.`];
  const flat = Number(event.commissionFlat);
  if (flat === 0 && event.commissionBps === 0) rules.push("Trades are free of commission.");
  else {
    const parts = [flat > 0 && `${money(event.commissionFlat)} per fill`, event.commissionBps > 0 && `${event.commissionBps} basis points (${(event.commissionBps / 100).toFixed(2)} %) of each fill's value`].filter(Boolean);
    rules.push(`Each trade costs ${parts.join(" plus ")}.`);
  }
  rules.push(event.instruments ? `You can trade only ${event.instruments.join(", ")}.` : "You can trade every listed instrument.");
  rules.push(event.allowShort ? "Short selling is allowed (once you have passed the short-selling lesson)." : "Short selling is not allowed.");
  if (event.maxPositionPct !== null) rules.push(`No single position may be worth more than ${event.maxPositionPct} % of your equity.`);
  rules.push(event.metric === "sharpe" ? "Ranked by risk-adjusted return (Sharpe ratio); ties go to whoever joined first." : "Ranked by total return; ties go to whoever joined first.");
  rules.push(event.lateEntry ? "You can join while it runs." : "You must join before it starts.");
  if (event.maxParticipants !== null) rules.push(`At most ${event.maxParticipants.toLocaleString("en-US")} people can take part.`);
  rules.push("Orders are taken only between the start and the end; open orders are cancelled at the end and the final standings are frozen.");
  return rules;
}

export const PHASE_LABEL: Record<EventView["status"], string> = { upcoming: "Upcoming", live: "Live", ended: "Ended", archived: "Archived" };
