/** The audit log shows each entry's detail in words (src/features/admin/components/audit-detail.ts), never raw JSON. */
import { describe, expect, it } from "vitest";
import { auditDetailLines, detailLabel } from "@/features/admin/components/audit-detail";

describe("an audit entry's detail", () => {
  it("reads a role change as one change, in words", () => {
    expect(auditDetailLines({ from: "member", to: "organiser", via: "class" })).toEqual([
      { label: "Change", value: "member → organiser" },
      { label: "Via", value: "class" },
    ]);
  });

  it("labels camel-cased keys as words, and IDs as IDs", () => {
    expect(detailLabel("cashBefore")).toBe("Cash before");
    expect(detailLabel("userIds")).toBe("User IDs");
    expect(detailLabel("portfolioId")).toBe("Portfolio ID");
  });

  it("says yes/no, dashes a missing value, counts long lists and shows instants in the reader's format", () => {
    const lines = auditDetailLines(
      { hadPassword: false, equityBefore: null, students: ["a", "b", "c", "d", "e", "f"], expiresAt: "2026-12-03T10:00:00.000Z" },
      (iso) => `stamp(${iso.slice(0, 10)})`,
    );
    expect(lines).toEqual([
      { label: "Had password", value: "no" },
      { label: "Equity before", value: "—" },
      { label: "Students", value: "6 items: a, b, c, d, …" },
      { label: "Expires at", value: "stamp(2026-12-03)" },
    ]);
  });

  it("never shows JSON braces for a flat detail", () => {
    const text = auditDetailLines({ portfolioId: "p1", amount: "500.00", reason: "late fill", as: "organiser" })
      .map((l) => `${l.label}: ${l.value}`)
      .join("\n");
    expect(text).toBe("Portfolio ID: p1\nAmount: 500.00\nReason: late fill\nAs: organiser");
    expect(text).not.toMatch(/[{}"]/);
  });

  it("reads objects inside objects in words too, never JSON (issue #23 §5)", () => {
    const lines = auditDetailLines({ changes: { maxPositionPct: { from: 20, to: 25 }, lateEntry: { from: true, to: false } }, list: [{ symbol: "NWRB", quantity: 10 }] });
    expect(lines).toEqual([
      { label: "Changes", value: "max position pct (from 20; to 25); late entry (from yes; to no)" },
      { label: "List", value: "symbol NWRB; quantity 10" },
    ]);
    expect(lines.map((l) => l.value).join(" ")).not.toMatch(/[{}"]/);
  });
});
