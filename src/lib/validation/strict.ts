/**
 * Request bodies are strict: a field the route does not know is refused (400, naming it), not
 * silently dropped. A dropped field is a silent change of meaning: a script's
 * `orderClass: "bracket"` would otherwise become a plain, unprotected market buy. apiRoute
 * applies this to every body schema, so no route can forget it (docs/decisions/059).
 *
 * Works on zod classic and mini alike (both are `$ZodType`s): an object without its own
 * catch-all gets `never` as one, through the wrappers a body schema is made of (a pipe's input,
 * a default's inner type, a union's options, optional/nullable). A schema that already says
 * what to do with other keys (`.strict()`, `.passthrough()`, a catch-all) is left as it is.
 */
import { z } from "zod";

const strictCache = new WeakMap<z.core.$ZodType, z.core.$ZodType>();
const never = z.never();

export function strictInput<S extends z.core.$ZodType>(schema: S): S {
  const cached = strictCache.get(schema);
  if (cached) return cached as S;
  const strict = makeStrict(schema);
  strictCache.set(schema, strict);
  return strict as S;
}

function makeStrict(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case "object":
      return def.catchall === undefined ? z.core.clone(schema, { ...def, catchall: never } as typeof def) : schema;
    case "pipe":
      return z.core.clone(schema, { ...def, in: makeStrict(def.in as z.core.$ZodType) } as typeof def);
    case "default":
    case "prefault":
    case "optional":
    case "nullable":
      return z.core.clone(schema, { ...def, innerType: makeStrict(def.innerType as z.core.$ZodType) } as typeof def);
    case "union":
      return z.core.clone(schema, { ...def, options: (def.options as z.core.$ZodType[]).map(makeStrict) } as typeof def);
    default:
      return schema;
  }
}

/** The message for a field nobody asked for, the same on every route. */
export function unknownFieldMessage(key: string): string {
  return `"${key}" is not a field of this request; remove it (see /developers/api for the fields).`;
}
