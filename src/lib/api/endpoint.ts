/**
 * A route the typed client (src/lib/client/api.ts) calls: its method, its path as the OpenAPI
 * document writes it (`/api/events/{slug}`), and — by name — the answer schema the route
 * declares, in the feature's types.ts. Zod-free on purpose: the pages import endpoints, and a
 * schema object would pull all of zod into the page (decision 071); the answer's type comes
 * through a type-only import. tests/unit/answer-schemas.test.ts holds each endpoint to its
 * route: same path and method, and `types[answer]` is the very schema the route declares.
 */
import type * as z from "zod/mini";

export type EndpointMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<M extends string = string, P extends string = string, A = unknown> {
  method: M;
  path: P;
  /** The name of the answer schema in the feature's types.ts. */
  answer: string;
  /** Type only: what the route answers (never set). */
  readonly __answer?: A;
}

/** What an endpoint answers, as the browser receives it (the schema's output type). */
export type AnswerOf<E> = E extends Endpoint<string, string, infer A> ? A : never;

/**
 * The endpoint maker for one feature's schemas: `endpointsOf<typeof schemas>()` with
 * `import type * as schemas from "../types"`; the answer is named by its export.
 */
export function endpointsOf<Schemas>() {
  return function endpoint<const M extends EndpointMethod, const P extends `/api/${string}`, const K extends keyof Schemas & string>(
    method: M,
    path: P,
    answer: K,
  ): Endpoint<M, P, Schemas[K] extends z.core.$ZodType ? z.output<Schemas[K]> : never> {
    return { method, path, answer };
  };
}
