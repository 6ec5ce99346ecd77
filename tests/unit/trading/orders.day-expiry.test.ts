import { describe, expect, it } from "vitest";
import { expiredDayOrders, type OpenOrder, utcEndOfDay } from "@/domain/trading";
import { limit, m } from "./helpers";

function open(id: string, placedAt: string, timeInForce: "day" | "gtc"): OpenOrder {
  return { id, placedAt: new Date(placedAt), order: limit("buy", 1, "10.00", "ACME", timeInForce), reservedCash: m("10.00") };
}

describe("day orders expire at the end of the market's day", () => {
  const orders = [open("day-morning", "2026-03-10T09:00:00Z", "day"), open("day-late", "2026-03-10T23:59:59.999Z", "day"), open("gtc", "2026-03-10T09:00:00Z", "gtc")];

  it("the practice market's day ends at the next 00:00 UTC", () => {
    expect(utcEndOfDay(new Date("2026-03-10T09:00:00Z")).toISOString()).toBe("2026-03-11T00:00:00.000Z");
    expect(utcEndOfDay(new Date("2026-03-10T00:00:00Z")).toISOString()).toBe("2026-03-11T00:00:00.000Z");
    expect(utcEndOfDay(new Date("2026-02-28T12:00:00Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(utcEndOfDay(new Date("2026-12-31T23:59:59.999Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("keeps day orders alive until the last millisecond of their day", () => {
    expect(expiredDayOrders(orders, new Date("2026-03-10T23:59:59.999Z"))).toEqual([]);
  });

  it("expires every day order of the day at 24:00, and never a GTC order", () => {
    expect(expiredDayOrders(orders, new Date("2026-03-11T00:00:00Z")).map((o) => o.id)).toEqual(["day-morning", "day-late"]);
    expect(expiredDayOrders(orders, new Date("2027-03-11T00:00:00Z")).map((o) => o.id)).not.toContain("gtc");
  });

  it("keeps a day order placed at the very start of the next day", () => {
    const next = [open("next-day", "2026-03-11T00:00:00Z", "day")];
    expect(expiredDayOrders(next, new Date("2026-03-11T00:00:00Z"))).toEqual([]);
  });

  it("uses the boundary it is given: a replay event's day ends when its dataset's trading day does", () => {
    // A replay whose trading day closes at 21:00 UTC.
    const closeAt21 = (placedAt: Date) => {
      const close = new Date(Date.UTC(placedAt.getUTCFullYear(), placedAt.getUTCMonth(), placedAt.getUTCDate(), 21));
      return placedAt < close ? close : new Date(close.getTime() + 24 * 3600_000);
    };
    expect(expiredDayOrders(orders, new Date("2026-03-10T21:00:00Z"), closeAt21).map((o) => o.id)).toEqual(["day-morning"]);
  });
});
