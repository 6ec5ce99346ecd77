/** The browser's money formatting: exact from the wire's decimal strings, whatever their size. */
import { describe, expect, it } from "vitest";
import { money } from "@/lib/format";

describe("money on the page", () => {
  it("groups a decimal string exactly, beyond what a float holds to the cent", () => {
    expect(money("1234.5")).toBe("1,234.50");
    expect(money("100")).toBe("100.00");
    expect(money("-12345678901234.56")).toBe("−12,345,678,901,234.56");
    expect(money("90071992547409.93")).toBe("90,071,992,547,409.93");
  });

  it("signs gains when asked, never a zero, and shows a loss with a minus sign", () => {
    expect(money("0.01", { signed: true })).toBe("+0.01");
    expect(money("-0.00", { signed: true })).toBe("0.00");
    expect(money("-3.10")).toBe("−3.10");
  });

  it("formats a chart's number and refuses what is not an amount", () => {
    expect(money(1234.5)).toBe("1,234.50");
    expect(money("abc")).toBe("—");
    expect(money(null)).toBe("—");
  });
});
