/**
 * Searching the time zones for the settings' picker (a SearchCombobox): "berlin" finds
 * Europe/Berlin, "new york" America/New_York, "kolk" Asia/Kolkata. Framework-free, so a unit
 * test can hold it to that.
 */

/** How a zone reads: "America/New_York" → "America/New York". */
export const zoneLabel = (zone: string): string => zone.replace(/_/g, " ");

const normal = (text: string) => text.toLowerCase().replace(/[_\s]+/g, " ").trim();

/**
 * The zones that match `text`, best first: the city (the last part) starting with it, then any
 * part starting with it, then the name containing it anywhere; list order within each. Empty
 * text: the first `limit` zones.
 */
export function searchTimeZones(zones: readonly string[], text: string, limit = 8): string[] {
  const q = normal(text);
  if (!q) return zones.slice(0, limit);
  const city: string[] = [];
  const part: string[] = [];
  const anywhere: string[] = [];
  for (const zone of zones) {
    const name = normal(zone);
    const parts = name.split("/");
    if (parts[parts.length - 1]!.startsWith(q) || name === q) city.push(zone);
    else if (parts.some((p) => p.startsWith(q))) part.push(zone);
    else if (name.includes(q)) anywhere.push(zone);
  }
  return [...city, ...part, ...anywhere].slice(0, limit);
}

/** The zone `text` names exactly (case, and a space for an underscore, aside), or "". */
export function exactTimeZone(zones: readonly string[], text: string): string {
  const q = normal(text);
  return q ? (zones.find((z) => normal(z) === q) ?? "") : "";
}
