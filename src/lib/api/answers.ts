/**
 * The answer side of the API's contract (docs/decisions/071-answer-schemas.md): what a route
 * answers is a zod schema declared beside its input (`answer` on an apiRoute method), the one
 * the browser's types are inferred from, the OpenAPI document publishes and the tests check
 * every real answer against (CHECK_ANSWERS). Server-free: the browser imports it too.
 */
// zod/mini, as the browser's other schemas (docs/decisions/010): the pages import the endpoints.
import * as z from "zod/mini";

/** An instant on the wire: ISO 8601 with its offset (the server sends UTC, `…Z`). */
export const instant = z.iso.datetime({ offset: true });
/** A calendar day on the wire: `YYYY-MM-DD`. */
export const day = z.iso.date();
/** An exact decimal on the wire (money, a price, a ratio such as "0.0523"): a string, never a float. */
export const decimal = z.string().check(z.regex(/^-?\d+(\.\d+)?$/, "a decimal string"));
/** A whole number (a count, a rank, a page). */
export const int = z.int();

/** A list page as every list route answers it: `{items, page, pageSize, total}`. */
export function pageOf<T extends z.core.$ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.int(), pageSize: z.int(), total: z.int() });
}

/** The one error answer (src/server/http/api-route.ts `sendError`; every refusal of every route). */
export const errorAnswer = z.object({
  error: z.looseObject({
    /** Stable, e.g. VALIDATION_FAILED, UNAUTHENTICATED, NOT_FOUND, RATE_LIMITED. */
    code: z.string(),
    /** Written for people. */
    message: z.string(),
    /** Field path → its first message, where fields are at fault. */
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ErrorAnswer = z.output<typeof errorAnswer>;

/** A method that answers 204 with no body declares this as its answer. */
export const noContent = z.undefined();

/**
 * The schema a test checks an answer with: every object of it strict, at every depth, so a
 * field the schema does not declare fails as surely as a missing one (the document would
 * otherwise not say everything a route sends). Made once per schema.
 */
const strictCache = new WeakMap<z.core.$ZodType, z.core.$ZodType>();
const never = z.never();

export function strictAnswer<S extends z.core.$ZodType>(schema: S): S {
  const cached = strictCache.get(schema);
  if (cached) return cached as S;
  // Marked before recursing, so a schema that holds itself (an order's legs are orders) ends,
  // its inner copy reading this one once it is made: strict at every depth too.
  strictCache.set(schema, z.lazy(() => strictCache.get(schema)!));
  const strict = makeStrict(schema);
  strictCache.set(schema, strict);
  return strict as S;
}

function makeStrict(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const clone = (changes: Record<string, unknown>) => z.core.clone(schema, { ...def, ...changes } as typeof def);
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, z.core.$ZodType>).map(([k, v]) => [k, strictAnswer(v)]));
      return clone({ shape, catchall: def.catchall === undefined ? never : def.catchall });
    }
    case "array":
      return clone({ element: strictAnswer(def.element as z.core.$ZodType) });
    case "record":
      return clone({ valueType: strictAnswer(def.valueType as z.core.$ZodType) });
    case "pipe":
      return clone({ in: strictAnswer(def.in as z.core.$ZodType) });
    case "default":
    case "prefault":
    case "optional":
    case "nullable":
    case "readonly":
      return clone({ innerType: strictAnswer(def.innerType as z.core.$ZodType) });
    case "union":
      return clone({ options: (def.options as z.core.$ZodType[]).map(strictAnswer) });
    case "intersection":
      return clone({ left: strictAnswer(def.left as z.core.$ZodType), right: strictAnswer(def.right as z.core.$ZodType) });
    default:
      return schema;
  }
}

/**
 * Checks a body as it goes on the wire (after JSON.stringify) against its declared answer;
 * null when it matches, else the mismatches, one line each (`items.0.rank: expected number`).
 */
export function answerMismatches(schema: z.core.$ZodType, body: unknown): string[] | null {
  const wire = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const parsed = z.safeParse(strictAnswer(schema), wire);
  if (parsed.success) return null;
  return parsed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
}
