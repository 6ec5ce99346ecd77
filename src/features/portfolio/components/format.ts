/** Display helpers. Amounts arrive as exact decimal strings; the preview works in integer cents. */
const moneyFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pctFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const DECIMAL = /^\s*(-)?(\d+)(?:\.(\d{1,2}))?\s*$/;

/**
 * "1234.5" → "1,234.50"; signed adds "+" to gains. A decimal string is grouped as it is (exact,
 * whatever its size); only a number (a chart's level) goes through floating point.
 */
export function money(value: string | number | null | undefined, options: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const match = typeof value === "string" ? DECIMAL.exec(value) : null;
  let negative: boolean;
  let positive: boolean;
  let text: string;
  if (match) {
    const whole = match[2]!.replace(/^0+(?=\d)/, "");
    const fraction = (match[3] ?? "").padEnd(2, "0");
    negative = match[1] === "-" && /[1-9]/.test(whole + fraction);
    positive = !match[1] && /[1-9]/.test(whole + fraction);
    text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
  } else {
    const n = typeof value === "number" ? value : Number(value);
    if (!Number.isFinite(n)) return "—";
    negative = n < 0;
    positive = n > 0;
    text = moneyFormat.format(Math.abs(n));
  }
  if (negative) return `−${text}`;
  return options.signed && positive ? `+${text}` : text;
}

/** A fraction ("0.0523") as a percentage ("+5.23 %"). */
export function percent(fraction: string | number | null | undefined, options: { signed?: boolean } = { signed: true }): string {
  if (fraction === null || fraction === undefined || fraction === "") return "—";
  const n = (typeof fraction === "number" ? fraction : Number(fraction)) * 100;
  if (!Number.isFinite(n)) return "—";
  const text = `${pctFormat.format(Math.abs(n))} %`;
  if (n < 0 && Math.abs(n) >= 0.005) return `−${text}`;
  return options.signed && n >= 0.005 ? `+${text}` : text;
}

export type Tone = "up" | "down" | "flat";

/** Amounts below a cent (or, for fractions, 0.005 %) count as no change. */
export function toneOf(value: string | number | null | undefined, kind: "money" | "percent" = "money"): Tone {
  const n = Number(value ?? 0);
  if (!Number.isFinite(n) || Math.abs(n) < (kind === "percent" ? 0.00005 : 0.005)) return "flat";
  return n > 0 ? "up" : "down";
}

/** Words for screen readers and for anyone who cannot tell the colours apart. */
export function toneWord(tone: Tone): string {
  return tone === "up" ? "gain" : tone === "down" ? "loss" : "no change";
}

/** Exact cents of a decimal string ("101.25" → 10125n); null when it is not a price. */
export function toCents(text: string): bigint | null {
  const match = /^\s*(-)?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? "").padEnd(2, "0") || "0");
  return match[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Division rounded up (toward +∞) or down, for non-negative numerators. */
export function divide(numerator: bigint, denominator: bigint, direction: "up" | "down"): bigint {
  const q = numerator / denominator;
  return direction === "up" && q * denominator !== numerator ? q + 1n : q;
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString("en", { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

export function time(iso: string): string {
  return new Date(iso).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export const SIDE_LABEL: Record<string, string> = { buy: "Buy", sell: "Sell", short: "Short", cover: "Cover" };
export const TYPE_LABEL: Record<string, string> = { market: "Market", limit: "Limit", stop: "Stop", "stop-limit": "Stop-limit" };
export const STATUS_LABEL: Record<string, string> = { open: "Open", filled: "Filled", cancelled: "Cancelled", rejected: "Rejected", expired: "Expired" };
