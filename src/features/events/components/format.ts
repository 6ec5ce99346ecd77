/** Words and numbers of the events pages. */
import { durationParts } from "@/domain/events";
import { boardMetricSentence } from "@/domain/ranking";
import { countdown, integer, money, percent, percentFigure } from "@/lib/format";
import type { EventView } from "./types";

/** A standing's return: "5.23 %", "−1.20 %" (figures and times: @/lib/format; times in the page's zone). */
export const standingReturn = (fraction: string | null) => percent(fraction, { signed: false });

/** Time left, as a countdown shows it ("2 d 3:04:05"): the domain's whole parts, lib/format's text. */
export const remaining = (ms: number): string => countdown(durationParts(ms));

/** The rules in plain words, one sentence each. */
export function rulesInWords(event: EventView): string[] {
  const rules = [`Everyone starts with ${money(event.startingCash)} in cash.`];
  const flat = Number(event.commissionFlat);
  if (flat === 0 && event.commissionBps === 0) rules.push("Trades are free of commission.");
  else {
    const parts = [flat > 0 && `${money(event.commissionFlat)} per fill`, event.commissionBps > 0 && `${event.commissionBps} basis points (${percent(event.commissionBps / 10_000, { signed: false })}) of each fill's value`].filter(Boolean);
    rules.push(`Each trade costs ${parts.join(" plus ")}.`);
  }
  rules.push(event.instruments ? `You can trade only ${event.instruments.join(", ")}.` : "You can trade every listed instrument.");
  rules.push(event.allowShort ? "Short selling is allowed (once you have passed the short-selling lesson)." : "Short selling is not allowed.");
  if (event.maxPositionPct !== null) rules.push(`No single position may be worth more than ${percentFigure(event.maxPositionPct)} of your equity.`);
  rules.push(...marginRulesInWords(event));
  rules.push(
    `A market order pays half the spread (${event.halfSpreadBps} basis points)${event.impact ? " plus market impact that grows with its size" : ""}; an order over 1 % of a day's volume fills in parts, at most ${percentFigure(event.participationPct)} of the volume traded.`,
  );
  rules.push(...gamblingRulesInWords(event));
  rules.push(boardMetricSentence({ kind: "event", metric: event.metric }));
  rules.push(event.lateEntry ? "You can join while it runs." : "You must join before it starts.");
  if (event.maxParticipants !== null) rules.push(`At most ${integer(event.maxParticipants)} people can take part.`);
  rules.push("Orders are taken only between the start and the end; open orders are cancelled at the end and the final standings are frozen.");
  return rules;
}

/** Margin and borrow fees in plain words (docs/decisions/070). */
export function marginRulesInWords(event: Pick<EventView, "margin" | "borrowFees" | "allowShort">): string[] {
  const rules: string[] = [];
  const m = event.margin;
  if (m) {
    rules.push(
      `You may borrow: buying power up to ${m.multiplier}× your equity, at ${percentFigure(m.debitRatePct)} a year on what you borrow, charged daily${m.creditRatePct > 0 ? `; cash earns ${percentFigure(m.creditRatePct)} a year` : ""}.`,
    );
    rules.push(
      `Keep equity of at least ${percentFigure(m.maintenancePct)} of your long positions (plus ${percentFigure(30)} of your shorts): under that you get a margin call, and if it is not met within ${count(m.callHours, "hour")} positions are sold for you.`,
    );
  } else rules.push("No borrowing: you can spend only the cash you have.");
  if (event.allowShort && event.borrowFees) rules.push(`Short positions pay a daily borrow fee of ${percentFigure(0.25)} to ${percentFigure(5)} a year, depending on the stock.`);
  return rules;
}

const count = (n: number, one: string, many = `${one}s`) => `${integer(n)} ${n === 1 ? one : many}`;
/** 30 → "30 minutes", 120 → "2 hours", 1440 → "24 hours". */
const minutesInWords = (minutes: number) => (minutes % 60 === 0 ? count(minutes / 60, "hour") : count(minutes, "minute"));

/** The rules against gambling an event sets, one plain sentence each (docs/decisions/044). */
export function gamblingRulesInWords(event: Pick<EventView, "minHoldings" | "maxTradesPerDay" | "minHoldMinutes" | "minSharePrice" | "replay">): string[] {
  const rules: string[] = [];
  if (event.minHoldings !== null) {
    rules.push(`After the first day (24 hours from the start) you must keep positions in at least ${count(event.minHoldings, "different instrument")}: a sale that would leave fewer is refused.`);
  }
  if (event.maxTradesPerDay !== null) {
    const day = event.replay ? "each replayed trading day" : "each day, 00:00 to 24:00 UTC";
    rules.push(`You can place at most ${count(event.maxTradesPerDay, "order")} ${day}; rejected and cancelled orders do not count.`);
  }
  if (event.minHoldMinutes !== null) {
    rules.push(`You must hold a position at least ${minutesInWords(event.minHoldMinutes)} after your last buy (or short) before you sell (or cover) it.`);
  }
  if (event.minSharePrice !== null) rules.push(`You can buy or short only shares priced at ${money(event.minSharePrice)} or more.`);
  return rules;
}

export const PHASE_LABEL: Record<EventView["status"], string> = { upcoming: "Upcoming", live: "Live", ended: "Ended", archived: "Archived" };
