/**
 * A position's day change counts only what happened since it was opened (issue #23 §4: a replay
 * showed −303.00 on a position bought that day and down 7.00 — the previous close was far above
 * the price paid). The domain's positionDayChange is the one rule the summary, the replay and
 * the browser's live revaluation use.
 */
import { describe, expect, it } from "vitest";
import { formatMoney, positionDayChange } from "@/domain/trading";

const change = (...args: Parameters<typeof positionDayChange>) => formatMoney(positionDayChange(...args));

describe("a position's day change", () => {
  it("is the market's move for shares held since before the day began", () => {
    expect(change({ quantity: 10, last: "95.00", previousClose: "100.00", fills: [] })).toBe("-50.00");
  });

  it("counts shares bought today from the price paid, commission included, not from the previous close", () => {
    // Previous close 130.30; bought 10 at 100.00 + 2.00 commission this morning; now 99.50: down 7.00.
    const fills = [{ side: "buy" as const, quantity: 10, price: "100.00", commission: "2.00" }];
    expect(change({ quantity: 10, last: "99.50", previousClose: "130.30", fills })).toBe("-7.00");
  });

  it("splits a position grown today: the old shares from the previous close, the new ones from their price", () => {
    // 5 held at the close of 90.00; 5 more bought at 94.00; now 95.00: 5 × 5.00 + 5 × 1.00.
    const fills = [{ side: "buy" as const, quantity: 5, price: "94.00", commission: "0.00" }];
    expect(change({ quantity: 10, last: "95.00", previousClose: "90.00", fills })).toBe("30.00");
  });

  it("counts a sale today at its price and a short opened today from its proceeds", () => {
    // 10 held at the close of 50.00, 4 sold at 52.00 (1.00 commission), 6 left at 51.00: 6 × 1 + 4 × 2 − 1.
    const sold = [{ side: "sell" as const, quantity: 4, price: "52.00", commission: "1.00" }];
    expect(change({ quantity: 6, last: "51.00", previousClose: "50.00", fills: sold })).toBe("13.00");
    // Shorted 3 at 20.00 today (previous close 25.00), now 21.00: a loss of 3.00.
    const shorted = [{ side: "short" as const, quantity: 3, price: "20.00", commission: "0.00" }];
    expect(change({ quantity: -3, last: "21.00", previousClose: "25.00", fills: shorted })).toBe("-3.00");
  });

  it("is nothing for a round trip today at one price with no commission, and a reversed fill nets out", () => {
    const roundTrip = [
      { side: "buy" as const, quantity: 8, price: "10.00", commission: "0.00" },
      { side: "sell" as const, quantity: 8, price: "10.00", commission: "0.00" },
    ];
    expect(change({ quantity: 0, last: "12.00", previousClose: "9.00", fills: roundTrip })).toBe("0.00");
    // A teacher's reversal: the opposite side at the same price, its commission refunded (decision 041).
    const reversed = [
      { side: "buy" as const, quantity: 2, price: "40.00", commission: "1.00" },
      { side: "sell" as const, quantity: 2, price: "40.00", commission: "-1.00" },
    ];
    expect(change({ quantity: 0, last: "45.00", previousClose: "38.00", fills: reversed })).toBe("0.00");
  });
});
