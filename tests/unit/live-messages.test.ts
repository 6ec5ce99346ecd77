/** The live stream's contract: every message type the server may publish has a consumer in the browser. */
import { describe, expect, it, vi } from "vitest";
import { LIVE_HANDLERS } from "@/features/portfolio/components/data";
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
