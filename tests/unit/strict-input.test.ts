/**
 * Request bodies are strict (src/lib/validation/strict.ts, applied by apiRoute to every body):
 * a field a route does not know is refused and named, never dropped. Checked on the wrappers a
 * body schema is built from, and on every real route's body schema.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { API_ROUTES } from "@/api-routes";
import { fieldErrors } from "@/lib/validation/field-errors";
import { strictInput } from "@/lib/validation/strict";

const unknownNamed = (schema: z.core.$ZodType, body: unknown, field: string) => {
  const parsed = z.safeParse(strictInput(schema), body);
  return !parsed.success && field in fieldErrors(parsed.error);
};

describe("a strict body", () => {
  const order = z.object({ symbol: z.string(), quantity: z.number() });

  it("refuses a field the route does not know, naming it, where the loose schema dropped it", () => {
    const body = { symbol: "ACME", quantity: 5, orderClass: "bracket" };
    expect(z.parse(order, body)).toEqual({ symbol: "ACME", quantity: 5 });
    const parsed = z.safeParse(strictInput(order), body);
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({ orderClass: expect.stringContaining('"orderClass" is not a field of this request') });
  });

  it("still accepts the fields it knows, with their own checks", () => {
    expect(z.parse(strictInput(order), { symbol: "ACME", quantity: 5 })).toEqual({ symbol: "ACME", quantity: 5 });
    expect(fieldErrors(z.safeParse(strictInput(order), { symbol: "ACME", quantity: "x" }).error!)).toHaveProperty("quantity");
  });

  it("reaches through a refinement, a transform, a default and zod/mini", () => {
    expect(unknownNamed(order.refine(() => true), { symbol: "A", quantity: 1, extra: 1 }, "extra")).toBe(true);
    expect(unknownNamed(order.transform((o) => o.symbol), { symbol: "A", quantity: 1, extra: 1 }, "extra")).toBe(true);
    expect(unknownNamed(order.default({ symbol: "A", quantity: 1 }), { symbol: "A", quantity: 1, extra: 1 }, "extra")).toBe(true);
    expect(unknownNamed(zm.object({ email: zm.string() }), { email: "a@b.c", role: "admin" }, "role")).toBe(true);
  });

  it("reaches each option of a union (the refusal names the field under the option that fits best)", () => {
    const action = z.discriminatedUnion("kind", [z.object({ kind: z.literal("split"), ratio: z.string() }), z.object({ kind: z.literal("dividend"), amount: z.string() })]);
    expect(z.safeParse(strictInput(action), { kind: "split", ratio: "2:1" }).success).toBe(true);
    expect(unknownNamed(action, { kind: "split", ratio: "2:1", amount: "1" }, "amount")).toBe(true);
  });

  it("leaves a schema that already says what to do with other keys as it is", () => {
    const open = z.object({ a: z.string() }).passthrough();
    expect(z.parse(strictInput(open), { a: "x", b: 1 })).toEqual({ a: "x", b: 1 });
  });
});

describe("every route's body", () => {
  const bodies = Object.entries(API_ROUTES).flatMap(([file, route]) =>
    (["POST", "PUT", "PATCH"] as const).flatMap((m) => {
      const input = route.specs[m]?.input as z.core.$ZodType | undefined;
      return input ? [[`${m} ${file}`, input] as const] : [];
    }),
  );

  it("finds the body routes", () => expect(bodies.length).toBeGreaterThan(30));

  // A discriminated union judges the other fields only once the discriminator picks an option.
  const picks: Record<string, object> = { "POST admin/instruments/[symbol]/corporate-actions": { kind: "split" } };

  it.each(bodies)("%s refuses an unknown field by name", (name, input) => {
    expect(unknownNamed(input, { ...picks[name], tickerlabUnknownField: 1 }, "tickerlabUnknownField")).toBe(true);
  });
});
