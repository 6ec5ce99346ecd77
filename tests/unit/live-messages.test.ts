/** The live stream's contract: every message type the server may publish has a consumer in the browser; when the browser tries again after a refusal. */
import { describe, expect, it, vi } from "vitest";
import { LIVE_HANDLERS } from "@/features/portfolio/components/data";
import { offlineRetryMs } from "@/features/shell/components/live";
import { LIVE_MESSAGE_TYPES } from "@/lib/live-messages";

describe("live messages", () => {
  it("are each handled by the browser", () => {
    expect(Object.keys(LIVE_HANDLERS).sort()).toEqual([...LIVE_MESSAGE_TYPES].sort());
  });

  it("apply a portfolio change to the lists, announce only new fills, and reload when the change was too large", () => {
    const fill = { id: "f1", orderId: "o1", portfolioId: "p", symbol: "ACME", side: "buy" as const, quantity: 1, price: "10.00", commission: "0.00", reason: "r", referencePrice: "10.00", impactBps: "0.00", reversalOf: null, createdAt: "2026-11-23T00:00:00Z" };
    const context = { setQuotes: vi.fn(), apply: vi.fn(() => [fill]), refresh: vi.fn(), onFills: vi.fn(), leave: vi.fn() };
    LIVE_HANDLERS.portfolio({ portfolioId: "p", orders: [], fills: [fill] }, context);
    expect(context.apply).toHaveBeenCalledOnce();
    expect(context.onFills).toHaveBeenCalledWith([fill]);
    LIVE_HANDLERS.portfolio(null as never, context);
    expect(context.refresh).toHaveBeenCalledOnce();
  });

  it("keep quotes by symbol", () => {
    let quotes: Record<string, unknown> = { OLD: { price: "1.00" } };
    const setQuotes = (update: (previous: never) => Record<string, unknown>) => void (quotes = update(quotes as never));
    const context = { setQuotes, apply: vi.fn(), refresh: vi.fn(), leave: vi.fn() };
    LIVE_HANDLERS.quote({ symbol: "ACME", price: "10.00", previousClose: "9.00", at: "t" }, context as never);
    expect(quotes).toMatchObject({ OLD: { price: "1.00" }, ACME: { price: "10.00", previousClose: "9.00" } });
    LIVE_HANDLERS.snapshot({ quotes: [{ symbol: "B", price: "2.00", previousClose: "2.00", at: "t" }] }, context as never);
    expect(Object.keys(quotes)).toEqual(["B"]);
  });
});

describe("the live stream's retry after a refusal", () => {
  it("comes soon after a short outage and backs off to every 30 s, spread ±25 %", () => {
    // The middle of the spread: 2, 4, 8, 16 s, then 30 s however long it lasts.
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => offlineRetryMs(attempt, 0.5))).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    // The spread's ends: never sooner than 1.5 s, never later than 37.5 s.
    expect(offlineRetryMs(0, 0)).toBe(1_500);
    expect(offlineRetryMs(0, 0.999999)).toBe(2_500);
    expect(offlineRetryMs(9, 0.999999)).toBe(37_500);
  });
});
