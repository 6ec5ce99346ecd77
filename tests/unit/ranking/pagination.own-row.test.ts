import { describe, expect, it } from "vitest";
import { LEADERBOARD_PAGE_SIZE, pageContaining, pageWithOwnRow } from "@/domain/ranking";

const board = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `u${i + 1}`, rank: i + 1 }));
const BOARD = board(120);

describe("leaderboard pages with the own row", () => {
  it("serve 50 rows a page", () => {
    const page = pageWithOwnRow(BOARD, { page: 2, ownId: null });
    expect(LEADERBOARD_PAGE_SIZE).toBe(50);
    expect(page.items.map((r) => r.rank)).toEqual(Array.from({ length: 50 }, (_, i) => 51 + i));
    expect(page).toMatchObject({ page: 2, pageSize: 50, total: 120, pages: 3, own: null, ownOnPage: false });
  });

  it("mark the own row when it is on the page", () => {
    const page = pageWithOwnRow(BOARD, { page: 1, ownId: "u7" });
    expect(page.own).toEqual({ id: "u7", rank: 7 });
    expect(page.ownOnPage).toBe(true);
  });

  it("still give the own row when it is on another page, to pin below the table", () => {
    const page = pageWithOwnRow(BOARD, { page: 1, ownId: "u117" });
    expect(page.items).toHaveLength(50);
    expect(page.own).toEqual({ id: "u117", rank: 117 });
    expect(page.ownOnPage).toBe(false);
  });

  it("serve a short last page, and no rows past the end (with the own row still there)", () => {
    expect(pageWithOwnRow(BOARD, { page: 3, ownId: null }).items.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    const past = pageWithOwnRow(BOARD, { page: 9, ownId: "u1" });
    expect(past.items).toEqual([]);
    expect(past.own).toEqual({ id: "u1", rank: 1 });
  });

  it("handle a board the person is not on, and an empty board", () => {
    expect(pageWithOwnRow(BOARD, { page: 1, ownId: "stranger" }).own).toBeNull();
    expect(pageWithOwnRow([], { page: 1, ownId: "u1" })).toEqual({ items: [], page: 1, pageSize: 50, total: 0, pages: 1, own: null, ownOnPage: false });
  });

  it("take another page size, within limits", () => {
    expect(pageWithOwnRow(BOARD, { page: 2, pageSize: 10, ownId: "u15" })).toMatchObject({ pages: 12, ownOnPage: true });
    expect(() => pageWithOwnRow(BOARD, { page: 0, ownId: null })).toThrow(RangeError);
    expect(() => pageWithOwnRow(BOARD, { page: 1.5, ownId: null })).toThrow(RangeError);
    expect(() => pageWithOwnRow(BOARD, { page: 1, pageSize: 201, ownId: null })).toThrow(RangeError);
  });

  it("find the page a rank is on, for 'jump to my rank'", () => {
    expect([1, 50, 51, 100, 101].map((rank) => pageContaining(rank))).toEqual([1, 1, 2, 2, 3]);
    expect(pageContaining(15, 10)).toBe(2);
  });
});
