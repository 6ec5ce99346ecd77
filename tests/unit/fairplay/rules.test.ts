import { describe, expect, it } from "vitest";
import {
  IMPLAUSIBLE_MIN_SPREAD,
  isImplausibleReturn,
  leaveOneOutZ,
  quantitiesMirror,
  reviewReason,
  REVIEW_REASON_MAX,
  STATUS_OF_DECISION,
} from "@/domain/fairplay";

const field = [0.01, -0.02, 0.03, 0.0, -0.01, 0.02, 0.015, -0.005];

describe("the leave-one-out z-score", () => {
  it("measures a return against the others' mean in units of their sample spread", () => {
    const score = leaveOneOutZ(0.5, [0.1, 0.2, 0.3])!;
    expect(score.peerMean).toBeCloseTo(0.2, 12);
    expect(score.peerSpread).toBeCloseTo(0.1, 12);
    expect(score.z).toBeCloseTo(3, 12);
    expect(score.peers).toBe(3);
  });

  it("a calm field (everyone within a few tenths of a per cent) does not make a 3 % return implausible: the spread has a floor", () => {
    const score = leaveOneOutZ(0.03, [0.001, 0.002, 0.001, 0.0, 0.002, 0.001])!;
    expect(score.peerSpread).toBe(IMPLAUSIBLE_MIN_SPREAD);
    expect(score.z).toBeLessThan(2);
  });

  it("has no answer with fewer than two others", () => {
    expect(leaveOneOutZ(0.5, [0.1])).toBeNull();
    expect(leaveOneOutZ(0.5, [])).toBeNull();
  });
});

describe("an implausible return", () => {
  it("a 70 % return among ordinary traders, the benchmark flat, is implausible", () => {
    expect(isImplausibleReturn(0.7, field, 0.01)).toBe(true);
  });

  it("the same 70 % is not implausible when the benchmark itself rose 60 % (everyone's market soared)", () => {
    expect(isImplausibleReturn(0.7, field, 0.6)).toBe(false);
  });

  it("a field of four others is too small to call anything implausible", () => {
    expect(isImplausibleReturn(0.9, field.slice(0, 4), 0)).toBe(false);
  });

  it("the best of an ordinary field (+3 %) is not implausible", () => {
    expect(isImplausibleReturn(0.03, field, 0)).toBe(false);
  });

  it("a large loss is never flagged: the rule looks for gains that are too good", () => {
    expect(isImplausibleReturn(-0.8, field, 0)).toBe(false);
  });
});

describe("mirrored quantities", () => {
  it("80 against 78 mirrors; 80 against 60 does not; nothing mirrors zero", () => {
    expect(quantitiesMirror(80, 78)).toBe(true);
    expect(quantitiesMirror(80, 72)).toBe(true);
    expect(quantitiesMirror(80, 60)).toBe(false);
    expect(quantitiesMirror(0, 0)).toBe(false);
  });
});

describe("a review's reason", () => {
  it("dismissing needs no reason; warning and disqualifying do, and blank is no reason", () => {
    expect(reviewReason("dismiss", undefined)).toEqual({ ok: true, reason: null });
    expect(reviewReason("warn", "   ")).toMatchObject({ ok: false });
    expect(reviewReason("disqualify", null)).toMatchObject({ ok: false });
    expect(reviewReason("warn", "  Trade on your own.  ")).toEqual({ ok: true, reason: "Trade on your own." });
  });

  it("a reason longer than the limit is refused", () => {
    expect(reviewReason("dismiss", "x".repeat(REVIEW_REASON_MAX + 1))).toMatchObject({ ok: false });
  });

  it("each decision leaves the flag in its own status", () => {
    expect(STATUS_OF_DECISION).toEqual({ dismiss: "dismissed", warn: "warned", disqualify: "disqualified" });
  });
});
