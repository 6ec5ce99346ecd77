/**
 * How a risk figure reads wherever it is shown (the performance panel, the report card, the class
 * dashboard): its value — "at least"/"at most" when held at its plausible range's bound — or a
 * dash with the reason it is absent (decision 053). The figures and reasons come from the API.
 */
import { decimal, percent } from "@/lib/format";
import type { RiskFigureWire } from "./types";

export type RiskKind = "percent" | "number";

/** The figure as text: "0.85", "≥ 10.00", "12.30 %", or "—" when absent. */
export function riskText(figure: RiskFigureWire | undefined, kind: RiskKind): string {
  if (!figure || figure.value === null) return "—";
  const text = kind === "percent" ? percent(figure.value, { signed: false }) : decimal(figure.value);
  return figure.bound === "max" ? `≥ ${text}` : figure.bound === "min" ? `≤ ${text}` : text;
}

/** Why it is absent, short ("3 of 24 hours"), or null when it is shown. */
export function riskShortReason(figure: RiskFigureWire | undefined): string | null {
  const reason = figure?.reason;
  if (!reason) return null;
  if (reason.code === "NOT_ENOUGH_HISTORY" && reason.have !== undefined && reason.need !== undefined) return `${reason.have} of ${reason.need} ${reason.unit}${reason.need === 1 ? "" : "s"}`;
  return "benchmark flat";
}
