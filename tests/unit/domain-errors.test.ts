/** Domain errors: one map to HTTP, and recognised whichever bundle made them. */
import { describe, expect, it } from "vitest";
import { DomainError, ERROR_KINDS, failures, isDomainError } from "@/domain/errors";
import { STATUS_OF } from "@/server/http/errors";

describe("domain errors", () => {
  it("map every kind to one HTTP status, and only there", () => {
    expect(Object.keys(STATUS_OF).sort()).toEqual([...ERROR_KINDS].sort());
    expect(STATUS_OF[failures.refused("INSUFFICIENT_FUNDS", "x").kind]).toBe(422);
    expect(STATUS_OF[failures.notFound().kind]).toBe(404);
    expect(STATUS_OF[failures.rateLimited(5, "x").kind]).toBe(429);
  });

  it("are recognised by their brand, also when another copy of the module made them", () => {
    expect(isDomainError(failures.conflict("ORDER_NOT_OPEN", "x"))).toBe(true);
    // What an error thrown by another bundle's copy of the class looks like: same brand, another class.
    class OtherCopy extends Error {}
    const foreign = Object.assign(new OtherCopy("from another bundle"), { [Symbol.for("tickerlab.DomainError")]: true });
    expect(foreign instanceof DomainError).toBe(false);
    expect(isDomainError(foreign)).toBe(true);
    expect(isDomainError(new Error("plain"))).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });

  it("carry fields, a retry time and details for programs", () => {
    const error = new DomainError("invalid", "VALIDATION_FAILED", "Check the file.", { fields: { csv: "Line 3" }, details: { problems: [{ line: 3 }] } });
    expect(error).toMatchObject({ kind: "invalid", code: "VALIDATION_FAILED", fields: { csv: "Line 3" }, details: { problems: [{ line: 3 }] } });
    expect(failures.rateLimited(30, "Slow down").retryAfterSeconds).toBe(30);
  });
});
