import { describe, expect, it } from "vitest";
import { evaluateAssignment, evaluateTask, type FillFact, type OrderFact, scoreOf, type StudentFacts } from "@/domain/classes/assignments";

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes));
const window = { startsAt: t(0), dueAt: t(30), now: t(59) };
const none: StudentFacts = { orders: [], fills: [], lessons: [], weights: [] };

const order = (id: string, at: Date, more: Partial<OrderFact> = {}): OrderFact => ({ id, symbol: "ACME", type: "market", status: "filled", journaled: false, createdAt: at, filledAt: at, ...more });
const fill = (symbol: string, side: FillFact["side"], quantity: number, at: Date): FillFact => ({ orderId: `${symbol}-${at.getTime()}`, symbol, side, quantity, at });

describe("a trades task", () => {
  it("counts filled orders from the start; the one at the due instant is on time, the one after it late", () => {
    const facts = { ...none, orders: [order("before", new Date(t(0).getTime() - 1)), order("a", t(10)), order("b", t(30)), order("open", t(12), { status: "open", filledAt: null })] };
    expect(evaluateTask({ kind: "trades", count: 2 }, facts, window)).toMatchObject({ done: 2, of: 2, complete: true, late: false, completedAt: t(30).toISOString() });
    const late = { ...none, orders: [order("a", t(10)), order("b", new Date(t(30).getTime() + 1))] };
    const progress = evaluateTask({ kind: "trades", count: 2 }, late, window);
    expect(progress).toMatchObject({ complete: true, late: true });
    expect(progress.evidence.map((e) => (e.kind === "order" ? e.orderId : null))).toEqual(["a", "b"]);
    expect(evaluateTask({ kind: "trades", count: 3 }, late, window)).toMatchObject({ done: 2, of: 3, complete: false, late: false });
  });
});

describe("an order-type task", () => {
  it("wants a filled order of that type; an open limit order is not enough", () => {
    const facts = { ...none, orders: [order("m", t(5)), order("l-open", t(6), { type: "limit", status: "open", filledAt: null })] };
    expect(evaluateTask({ kind: "order-type", orderType: "limit" }, facts, window).complete).toBe(false);
    const filled = { ...none, orders: [...facts.orders, order("l", t(20), { type: "limit" })] };
    expect(evaluateTask({ kind: "order-type", orderType: "limit" }, filled, window)).toMatchObject({ complete: true, late: false, evidence: [{ orderId: "l" }] });
  });
});

describe("a journal task", () => {
  it("counts orders with a written rationale, not rejected ones", () => {
    const facts = { ...none, orders: [order("a", t(1), { journaled: true }), order("r", t(2), { journaled: true, status: "rejected", filledAt: null }), order("blank", t(3)), order("b", t(31), { journaled: true, status: "open", filledAt: null })] };
    expect(evaluateTask({ kind: "journal", count: 2 }, facts, window)).toMatchObject({ done: 2, complete: true, late: true });
  });
});

describe("an instruments task", () => {
  it("wants that many instruments held at the same moment; selling one before buying the next does not count", () => {
    const sequential = { ...none, fills: [fill("A", "buy", 1, t(1)), fill("A", "sell", 1, t(2)), fill("B", "buy", 1, t(3))] };
    expect(evaluateTask({ kind: "instruments", count: 2 }, sequential, window)).toMatchObject({ done: 1, complete: false });
    const atOnce = { ...none, fills: [fill("A", "buy", 1, t(1)), fill("B", "short", 1, t(40))] };
    expect(evaluateTask({ kind: "instruments", count: 2 }, atOnce, window)).toMatchObject({ complete: true, late: true, evidence: [{ kind: "holding", symbols: ["A", "B"] }] });
  });

  it("counts holdings bought before the assignment started, as they stood at its start", () => {
    const facts = { ...none, fills: [fill("A", "buy", 1, new Date(t(0).getTime() - 60_000)), fill("B", "buy", 1, new Date(t(0).getTime() - 1))] };
    expect(evaluateTask({ kind: "instruments", count: 2 }, facts, window)).toMatchObject({ complete: true, late: false, completedAt: t(0).toISOString() });
  });
});

describe("a max-weight task", () => {
  it("is met when no position is above the limit (the limit itself is allowed); holding nothing does not meet it", () => {
    expect(evaluateTask({ kind: "max-weight", pct: 25 }, { ...none, weights: [{ symbol: "A", pct: 25 }, { symbol: "B", pct: 10 }] }, window)).toMatchObject({ complete: true });
    const over = evaluateTask({ kind: "max-weight", pct: 25 }, { ...none, weights: [{ symbol: "A", pct: 25.001 }] }, window);
    expect(over).toMatchObject({ complete: false, evidence: [{ kind: "weight", symbol: "A", pct: 25.01 }] });
    expect(evaluateTask({ kind: "max-weight", pct: 25 }, none, window)).toMatchObject({ complete: false, done: 0, evidence: [] });
  });
});

describe("a lesson task", () => {
  it("is met by passing the lesson, before or after the assignment was set; late after the due instant", () => {
    const lesson = (at: Date) => ({ ...none, lessons: [{ lessonId: "L", title: "Orders", passedAt: at }] });
    expect(evaluateTask({ kind: "lesson", lessonId: "L" }, lesson(new Date(0)), window)).toMatchObject({ complete: true, late: false });
    expect(evaluateTask({ kind: "lesson", lessonId: "L" }, lesson(t(31)), window)).toMatchObject({ complete: true, late: true });
    expect(evaluateTask({ kind: "lesson", lessonId: "other" }, lesson(t(1)), window).complete).toBe(false);
  });
});

describe("the score", () => {
  it("is tasks complete over tasks, rounded down; late if any task was late", () => {
    const facts = { ...none, orders: [order("a", t(40))] };
    const progress = evaluateAssignment([{ kind: "trades", count: 1 }, { kind: "order-type", orderType: "limit" }, { kind: "journal", count: 1 }], facts, window);
    expect(progress).toMatchObject({ tasksDone: 1, tasksTotal: 3, score: 33, late: true });
    expect(scoreOf(2, 3)).toBe(66);
    expect(scoreOf(0, 0)).toBe(0);
  });
});
