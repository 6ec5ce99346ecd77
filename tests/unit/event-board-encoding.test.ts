/**
 * A live event's board stored whole (decision 094): what is encoded is what a page server's view
 * answers — every place's row, every user's place (found by a hash of the id's bytes, not a map),
 * nobody else — and the tie rule of sharedRanksOf.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeEventBoard, encodeEventBoard, sharedRanksOf, viewOf, type EventBoardRows } from "@/features/ranking/server/event-boards";

function board(userIds: string[]): EventBoardRows {
  const n = userIds.length;
  const value = Float64Array.from({ length: n }, (_, p) => (p % 7 === 6 ? NaN : 1 - Math.floor(p / 3) / n));
  const totalReturn = Float64Array.from(value, (v, p) => (Number.isNaN(v) ? p / n : v));
  return { userIds, value, totalReturn, equityCents: Float64Array.from({ length: n }, (_, p) => 1_000_000 + p), ...sharedRanksOf(value, totalReturn) };
}

describe("an event board stored whole", () => {
  it("reads back every place and finds every user, and nobody who is not on it", () => {
    // Ids of mixed lengths, one with characters beyond ASCII: the index works on their UTF-8 bytes.
    const ids = [...Array.from({ length: 2000 }, () => randomUUID()), "short", "événement-7", "x"];
    const rows = board(ids);
    const data = encodeEventBoard(rows);
    expect(decodeEventBoard(data)).toEqual(rows);
    const view = viewOf(data, 7, new Date("2026-12-07T00:00:00Z"));
    expect(view.size).toBe(ids.length);
    ids.forEach((id, p) => expect(view.placeOf(id)).toBe(p + 1));
    for (const absent of [randomUUID(), "shor", "short ", "", "événement-8"]) expect(view.placeOf(absent)).toBeNull();
    // The id beyond ASCII, at a place with no figure (every seventh): null, its return shown instead.
    expect(view.entry(2002)).toEqual({ userId: "événement-7", sharedRank: rows.shared[2001], tied: rows.tied[2001], value: null, totalReturn: 2001 / ids.length, equityCents: 1_002_001 });
    expect(view.entry(1)).toMatchObject({ userId: ids[0], value: 1, totalReturn: 1, sharedRank: 1, tied: 3 });
    expect(view.rows).toEqual(rows);
  });

  it("holds an empty board", () => {
    const view = viewOf(encodeEventBoard(board([])), 1, new Date());
    expect(view.size).toBe(0);
    expect(view.placeOf("anyone")).toBeNull();
    expect(view.rows.userIds).toEqual([]);
  });

  it("shares a rank between equal figures, and between boards with no figure and equal returns (decision 053)", () => {
    const value = Float64Array.from([3, 2, 2, 1, NaN, NaN, NaN]);
    const totalReturn = Float64Array.from([3, 2, 2, 1, 0.5, 0.5, NaN]);
    const { shared, tied } = sharedRanksOf(value, totalReturn);
    expect([...shared]).toEqual([1, 2, 2, 4, 5, 5, 7]);
    expect([...tied]).toEqual([1, 2, 2, 1, 2, 2, 1]);
  });
});
