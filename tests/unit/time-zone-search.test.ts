/** The settings' time-zone picker searches (issue #23 §4): by city, by region, with spaces for underscores. */
import { describe, expect, it } from "vitest";
import { exactTimeZone, searchTimeZones, zoneLabel } from "@/lib/time-zone-search";

const ZONES = ["Africa/Abidjan", "America/Argentina/Buenos_Aires", "America/New_York", "America/North_Dakota/New_Salem", "Asia/Kolkata", "Europe/Berlin", "Europe/Berne", "Pacific/Auckland", "UTC"];

describe("searching time zones", () => {
  it("finds a zone by its city, whatever the case, with a space for the underscore", () => {
    expect(searchTimeZones(ZONES, "berlin")).toEqual(["Europe/Berlin"]);
    expect(searchTimeZones(ZONES, "new york")[0]).toBe("America/New_York");
    expect(searchTimeZones(ZONES, "KOLK")).toEqual(["Asia/Kolkata"]);
    expect(searchTimeZones(ZONES, "buenos")).toEqual(["America/Argentina/Buenos_Aires"]);
  });

  it("puts cities that start with the text before regions that do, before names that only contain it", () => {
    // "new": New York's city starts with it; New Salem's too; nothing else.
    expect(searchTimeZones(ZONES, "new")).toEqual(["America/New_York", "America/North_Dakota/New_Salem"]);
    // "eur": no city starts with it, the region Europe does.
    expect(searchTimeZones(ZONES, "eur")).toEqual(["Europe/Berlin", "Europe/Berne"]);
    // "land": only inside Auckland.
    expect(searchTimeZones(ZONES, "land")).toEqual(["Pacific/Auckland"]);
    expect(searchTimeZones(ZONES, "ber", 1)).toEqual(["Europe/Berlin"]);
  });

  it("lists the first zones for an empty search, and nothing for a search nothing matches", () => {
    expect(searchTimeZones(ZONES, "  ", 3)).toEqual(ZONES.slice(0, 3));
    expect(searchTimeZones(ZONES, "atlantis")).toEqual([]);
  });

  it("names a zone only when the text is exactly one", () => {
    expect(exactTimeZone(ZONES, "europe/berlin")).toBe("Europe/Berlin");
    expect(exactTimeZone(ZONES, "America/New York")).toBe("America/New_York");
    expect(exactTimeZone(ZONES, "Berlin")).toBe("");
    expect(exactTimeZone(ZONES, "")).toBe("");
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos Aires");
  });
});
