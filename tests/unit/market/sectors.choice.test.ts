/**
 * Choosing an instrument's sector: an existing one always, a new one only on purpose, never
 * an existing one written differently; a refusal names the sectors the typo is close to.
 */
import { describe, expect, it } from "vitest";
import { chooseSector, closeSectors, SECTORS } from "@/domain/market";

const existing = [...SECTORS];

describe("chooseSector", () => {
  it("takes an existing sector as it is, with or without the new-sector flag", () => {
    expect(chooseSector(existing, "Technology", { createNew: false })).toEqual({ ok: true, sector: "Technology", isNew: false });
    expect(chooseSector(existing, "  Technology ", { createNew: true })).toEqual({ ok: true, sector: "Technology", isNew: false });
  });

  it("refuses a typo without the flag and names the close match", () => {
    const choice = chooseSector(existing, "Technolgy", { createNew: false });
    expect(choice).toMatchObject({ ok: false, code: "SECTOR_UNKNOWN", closeMatches: ["Technology"] });
    if (choice.ok) throw new Error("unreachable");
    expect(choice.message).toBe("There is no sector “Technolgy” yet. Did you mean “Technology”? Pick an existing sector, or create “Technolgy” as a new one on purpose (newSector: true).");
  });

  it("refuses a new sector without the flag, naming no match when nothing is close, and takes it with the flag", () => {
    const refused = chooseSector(existing, "Aerospace", { createNew: false });
    expect(refused).toMatchObject({ ok: false, code: "SECTOR_UNKNOWN", closeMatches: [] });
    if (refused.ok) throw new Error("unreachable");
    expect(refused.message).not.toMatch(/Did you mean/);
    expect(chooseSector(existing, "Aerospace", { createNew: true })).toEqual({ ok: true, sector: "Aerospace", isNew: true });
  });

  it("refuses an existing sector in other letters or spacing even with the flag", () => {
    for (const typed of ["technology", "TECHNOLOGY", "Real estate", "RealEstate", "Consumer-Staples"]) {
      const choice = chooseSector(existing, typed, { createNew: true });
      expect(choice, typed).toMatchObject({ ok: false, code: "SECTOR_EXISTS" });
    }
    const choice = chooseSector(existing, "real estate", { createNew: true });
    if (choice.ok) throw new Error("unreachable");
    expect(choice.message).toBe("“real estate” is the existing sector “Real Estate”: pick it from the list.");
  });
});

describe("closeSectors", () => {
  it("finds typos, missing letters and beginnings, closest first", () => {
    expect(closeSectors(existing, "Helthcare")).toEqual(["Healthcare"]);
    expect(closeSectors(existing, "Utility")).toEqual(["Utilities"]);
    expect(closeSectors(existing, "Tech")).toEqual(["Technology"]);
    expect(closeSectors(existing, "Consumer")).toEqual(["Consumer Staples", "Consumer Discretionary"]);
    expect(closeSectors(existing, "Finance")).toEqual(["Financials"]);
  });

  it("names nothing for a sector that is simply new, or for nothing typed", () => {
    expect(closeSectors(existing, "Aerospace")).toEqual([]);
    expect(closeSectors(existing, "Robotics")).toEqual([]);
    expect(closeSectors(existing, "  ")).toEqual([]);
  });
});
