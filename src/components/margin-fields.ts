/**
 * The margin terms as a person enters them (an event's form, the practice market's admin
 * setting): one label, hint and keyboard per term of the domain's MarginRules.
 */
export const MARGIN_FIELDS = [
  { field: "multiplier", label: "Buying power (multiple of equity)", hint: "2 lets a person buy twice their equity; more than 1, at most 4.", mode: "decimal" },
  { field: "debitRatePct", label: "Interest on borrowing (% a year)", hint: "Charged daily on a debit balance.", mode: "decimal" },
  { field: "creditRatePct", label: "Interest on cash (% a year)", hint: "Paid daily on positive cash; 0 for none.", mode: "decimal" },
  { field: "maintenancePct", label: "Maintenance margin (% of long value)", hint: "Equity below this (plus 30 % of shorts) raises a margin call.", mode: "decimal" },
  { field: "callHours", label: "Hours to meet a margin call", hint: "After that, positions are sold for the person.", mode: "numeric" },
] as const;

export type MarginField = (typeof MARGIN_FIELDS)[number]["field"];

/** The defaults a form offers when margin is turned on: the domain's DEFAULT_MARGIN, as typed. */
export const MARGIN_DEFAULT_TEXT: Record<MarginField, string> = { multiplier: "2", debitRatePct: "8", creditRatePct: "0", maintenancePct: "25", callHours: "24" };
