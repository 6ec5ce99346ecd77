/**
 * An audit entry's detail in words, for the audit log's table: each field a labelled line
 * ("Reason: late fill", "Change: organiser → admin"), never raw JSON. The detail is whatever the
 * writer recorded (src/server/audit), so this reads any shape: a `from`/`to` pair is one change,
 * lists are counted past a few items, nested objects are read out in words at any depth.
 */
export interface DetailLine {
  label: string;
  value: string;
}

const MAX_LISTED = 4;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** `cashBefore` → "Cash before"; `userIds` → "User IDs". */
export function detailLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((w) => (w === "id" ? "ID" : w === "ids" ? "IDs" : w === "ip" ? "IP" : w));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function detailValue(value: unknown, stamp: (iso: string) => string = (iso) => iso): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? stamp(value) : value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    const shown = value.slice(0, MAX_LISTED).map((v) => detailValue(v, stamp));
    return value.length > MAX_LISTED ? `${value.length} items: ${shown.join(", ")}, …` : shown.join(", ");
  }
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        // A deeper object in words too, in parentheses: never JSON (issue #23 §5).
        const inner = detailValue(v, stamp);
        return `${detailLabel(k).toLowerCase()} ${typeof v === "object" && v !== null && !Array.isArray(v) ? `(${inner})` : inner}`;
      })
      .join("; ");
  }
  return String(value);
}

export function auditDetailLines(detail: Record<string, unknown>, stamp?: (iso: string) => string): DetailLine[] {
  const lines: DetailLine[] = [];
  const rest = { ...detail };
  if ("from" in rest && "to" in rest) {
    lines.push({ label: "Change", value: `${detailValue(rest.from, stamp)} → ${detailValue(rest.to, stamp)}` });
    delete rest.from;
    delete rest.to;
  }
  for (const [key, value] of Object.entries(rest)) lines.push({ label: detailLabel(key), value: detailValue(value, stamp) });
  return lines;
}
