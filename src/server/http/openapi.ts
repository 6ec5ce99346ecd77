/**
 * The OpenAPI 3.1 document of the JSON API, built from the routes themselves: each route
 * module's apiRoute specs (auth, the zod input schema that validates the request, docs) and
 * its file name under src/pages/api (the path and its parameters). The list of route modules
 * is src/api-routes.ts; GET /api/openapi.json serves the document
 * (docs/decisions/030-openapi.md). The schema that validates a request is the one documented:
 * z.toJSONSchema converts it (zod classic and zod/mini alike), refinements aside.
 */
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { errorAnswer, noContent } from "@/lib/api/answers";
import { strictInput } from "@/lib/validation/strict";
import type { Auth, Method, MethodDocs } from "./api-route";
import { defaultScope, type Scope } from "./bearer";

/** What the document needs to know of one method; an apiRoute spec is one. */
export interface DocumentedMethod {
  auth: Auth;
  /** What a personal API token needs (./bearer.ts); "session": browser sessions only. */
  scope?: Scope;
  input?: z.core.$ZodType;
  /** The success body's schema (docs/decisions/071); without one, `docs.response` describes it. */
  answer?: z.core.$ZodType;
  docs?: MethodDocs;
}

export interface DocumentedRoute {
  /** The module's file under src/pages/api, without the extension: "portfolios/[id]/orders/index". */
  file: string;
  methods: Partial<Record<Method, DocumentedMethod>>;
  /** A path-level note (e.g. what a catch-all covers). */
  description?: string;
}

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** "portfolios/[id]/orders/index" → "/api/portfolios/{id}/orders"; "auth/[...nextauth]" → "/api/auth/{nextauth}". */
export function openApiPath(file: string): string {
  const segments = file.split("/").filter((s, i, all) => !(s === "index" && i === all.length - 1));
  return "/api" + segments.map((s) => "/" + s.replace(/^\[(?:\.\.\.)?([^\]]+)\]$/, "{$1}")).join("");
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

type Schema = OpenAPIV3_1.SchemaObject;

/** The request side of a zod schema as JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
export function inputJsonSchema(schema: z.core.$ZodType): Schema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  return json as Schema;
}

/**
 * The answer side of a zod schema as JSON Schema: what the route sends. A schema that holds
 * itself (an order's legs are orders) is named in zod's registry (`Order`) and comes out in
 * `$defs`; a `$ref` to it must point into the document, so its definition moves to
 * `components.schemas` (`shared`, where the document collects them) and its refs with it.
 */
export function answerJsonSchema(schema: z.core.$ZodType, shared?: Record<string, Schema>): Schema {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  const defs = json.$defs as Record<string, Schema> | undefined;
  if (!defs) return json as Schema;
  if (!shared) throw new Error("answerJsonSchema: a schema with $defs needs the document's components.schemas");
  delete json.$defs;
  const hoisted = JSON.parse(JSON.stringify({ json, defs }).replaceAll('"#/$defs/', '"#/components/schemas/')) as { json: Schema; defs: Record<string, Schema> };
  for (const [name, definition] of Object.entries(hoisted.defs)) {
    // An unnamed part (`__schema0`) would collide with another answer's: name it in the registry.
    if (name.startsWith("__schema")) throw new Error(`answerJsonSchema: a recursive part without an id (${name}); add it to z.globalRegistry with an id`);
    if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(definition)) throw new Error(`answerJsonSchema: two different schemas named ${name}`);
    shared[name] = definition;
  }
  return hoisted.json;
}

const TAGS: Record<string, string> = {
  account: "Account",
  admin: "Admin",
  auth: "Sign-in (next-auth)",
  classes: "Classes",
  courses: "Learning",
  lessons: "Learning",
  leagues: "Ranking",
  events: "Events",
  health: "Operations",
  live: "Operations",
  metrics: "Operations",
  ready: "Operations",
  openapi: "Operations",
  instruments: "Market",
  market: "Market",
  stream: "Market",
  portfolio: "Trading",
  portfolios: "Trading",
  rankings: "Ranking",
  watchlist: "Market",
};

function tagOf(file: string): string {
  const first = file.split("/")[0]!.replace(/\..*$/, "");
  return TAGS[first] ?? first;
}

function operationId(method: Method, path: string): string {
  const words = path
    .replace(/^\/api/, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join("");
}

/**
 * Who may call what: one place. The session cookie on every `user`/`admin` route; a personal
 * API token (bearerAuth, its scope as the role) where the method's scope lets one in.
 */
export function securityFor(auth: Auth, scope: Scope): OpenAPIV3_1.SecurityRequirementObject[] {
  if (auth === "public") return [];
  return scope === "session" ? [{ cookieAuth: [] }] : [{ cookieAuth: [] }, { bearerAuth: [scope] }];
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operation(route: DocumentedRoute, path: string, method: Method, spec: DocumentedMethod, schemas: Record<string, Schema>): OpenAPIV3_1.OperationObject {
  const docs = spec.docs;
  const scope = spec.scope ?? defaultScope(method, spec.auth);
  const bearer = spec.auth !== "public" && scope !== "session";
  const pathNames = pathParameterNames(path);
  const parameters: OpenAPIV3_1.ParameterObject[] = pathNames.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  for (const [name, description] of Object.entries(docs?.headers ?? {})) {
    parameters.push({ name, in: "header", required: false, description, schema: { type: "string" } });
  }
  let requestBody: OpenAPIV3_1.RequestBodyObject | undefined;
  if (spec.input) {
    const fromQuery = method === "GET" || method === "DELETE";
    // A body is documented as apiRoute validates it: strict, so `additionalProperties: false`.
    const schema = inputJsonSchema(fromQuery ? spec.input : strictInput(spec.input));
    if (fromQuery) {
      // The query string: one parameter per property (path parameters are read from the path).
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (pathNames.includes(name)) continue;
        parameters.push({ name, in: "query", required: required.has(name), schema: property } as OpenAPIV3_1.ParameterObject);
      }
    } else {
      requestBody = { required: true, content: { "application/json": { schema } } };
    }
  }
  const status = String(docs?.status ?? 200);
  const noBody = status === "204" || spec.answer === noContent;
  const success: OpenAPIV3_1.ResponseObject = noBody
    ? { description: docs?.response ?? "Done; no body." }
    : {
        description: docs?.response ?? "Success.",
        content: { [docs?.contentType ?? "application/json"]: spec.answer ? { schema: answerJsonSchema(spec.answer, schemas) } : {} },
      };
  const responses: OpenAPIV3_1.ResponsesObject = { [status]: success };
  if (spec.input || pathNames.length > 0) responses["400"] = ref("BadRequest");
  if (spec.auth !== "public") responses["401"] = ref("Unauthenticated");
  if (spec.auth === "admin" || method !== "GET") responses["403"] = ref("Forbidden");
  if (pathNames.length > 0) responses["404"] = ref("NotFound");
  if (method !== "GET") responses["413"] = ref("PayloadTooLarge");
  if (docs?.rateLimited || bearer) responses["429"] = ref("RateLimited");
  responses["503"] = ref("ServiceUnavailable");
  responses.default = ref("Error");

  const who = spec.auth === "public" ? "Public." : spec.auth === "admin" ? "Admins only." : "Needs a signed-in person.";
  const limit = docs?.rateLimited ? ` Rate-limited (${docs.rateLimited}): 429 with \`Retry-After\` past the limit.` : "";
  const token = spec.auth === "public" ? "" : bearer ? ` API tokens with the \`${scope}\` scope may call it.` : " Not with an API token (browser session only).";
  return {
    operationId: operationId(method, path),
    tags: [tagOf(route.file)],
    summary: docs?.summary,
    description: [docs?.description, `${who}${token}${limit}`].filter(Boolean).join("\n\n"),
    security: securityFor(spec.auth, scope),
    ...(parameters.length > 0 && { parameters }),
    ...(requestBody && { requestBody }),
    responses,
    "x-auth": spec.auth,
    ...(spec.auth !== "public" && { "x-token-scope": scope }),
  } as OpenAPIV3_1.OperationObject;
}

const errorResponse = (description: string, headers?: OpenAPIV3_1.ResponseObject["headers"]): OpenAPIV3_1.ResponseObject => ({
  description,
  ...(headers && { headers }),
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const retryAfter = { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" as const } } };

const API_DESCRIPTION = `Tickerlab's JSON API: the same API the app's pages use.

- **Auth**: the next-auth session cookie (\`next-auth.session-token\`, or \`__Secure-next-auth.session-token\` on https), or a personal API token (\`Authorization: Bearer tlk_…\`, Settings → API tokens) where its scope allows. \`user\` routes answer 401 without either, \`admin\` routes 403 to members.
- **CSRF**: a non-GET request that a browser marks cross-site (\`Sec-Fetch-Site\`, or an \`Origin\` of another host or \`null\`) gets 403 \`CSRF_REJECTED\`. Scripts that send neither header, and API tokens, are not affected.
- **Errors** are \`{"error": {"code", "message", "fields"?}}\`: \`code\` is stable, \`message\` is for people, \`fields\` maps a field path to its first message.
- **Input rule**: no string may hold a NUL or a lone UTF-16 surrogate (400 \`INVALID_TEXT\`).
- **Rate limits**: registration, password reset, email links, sign-in and password changes are limited per address and per IP (429 \`RATE_LIMITED\` with \`Retry-After\`).
- **Database away** (refused, not accepting connections, sessions terminated, a pooler giving up): every route answers 503 \`SERVICE_UNAVAILABLE\` with \`Retry-After\`, never 500, and no session cookie is touched. Probes: \`GET /api/live\` (liveness, never asks the database) and \`GET /api/ready\` (readiness).
- Every answer carries \`Cache-Control: private, no-store\` (this document excepted). Lists take \`?page=\` and \`?pageSize=\` and answer \`{items, page, pageSize, total}\`.

The conventions in full: docs/api.md in the repository.`;

export function buildOpenApiDocument(routes: DocumentedRoute[], version: string): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  // Named parts of the answers (a recursive order), referred to from the operations.
  const schemas: Record<string, Schema> = {};
  for (const route of [...routes].sort((a, b) => a.file.localeCompare(b.file))) {
    const path = openApiPath(route.file);
    const item: OpenAPIV3_1.PathItemObject = route.description ? { description: route.description } : {};
    for (const method of METHODS) {
      const spec = route.methods[method];
      if (spec) (item as Record<string, unknown>)[method.toLowerCase()] = operation(route, path, method, spec, schemas);
    }
    paths[path] = item;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Tickerlab API", version, description: API_DESCRIPTION },
    servers: [{ url: "/" }],
    tags: [...new Set(Object.values(TAGS))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The browser session (next-auth); `__Secure-next-auth.session-token` on https. Sign in through the app or /api/auth/*.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "Personal API tokens (`Authorization: Bearer tlk_…`), created in Settings → API tokens, for the routes their scopes allow (the role listed on each operation: `read`, `trade` or `admin`). No cookie and no CSRF care; their own rate limit (429 with `Retry-After`); 401 `INVALID_TOKEN` once revoked or expired, 403 `INSUFFICIENT_SCOPE` or `TOKEN_NOT_ALLOWED` outside their scopes.",
        },
      },
      schemas: {
        // The one error answer, from the schema sendError's bodies satisfy (src/lib/api/answers.ts).
        Error: answerJsonSchema(errorAnswer),
        ...schemas,
      },
      responses: {
        Error: errorResponse("Any other refusal (409 a conflict with the current state, 422 a valid request the rules refuse, 500 unexpected)."),
        BadRequest: errorResponse("VALIDATION_FAILED (with `fields`), INVALID_TEXT or INVALID_JSON."),
        Unauthenticated: errorResponse("UNAUTHENTICATED: no valid session; INVALID_TOKEN: the API token does not work."),
        Forbidden: errorResponse(
          "FORBIDDEN (a member on an admin route), CSRF_REJECTED (a cross-site state-changing request), INSUFFICIENT_SCOPE or TOKEN_NOT_ALLOWED (an API token outside its scopes).",
        ),
        NotFound: errorResponse("NOT_FOUND: the thing does not exist, or the caller may not see it."),
        PayloadTooLarge: errorResponse("PAYLOAD_TOO_LARGE: the body is over the route's limit (1 MB unless said otherwise)."),
        RateLimited: errorResponse("RATE_LIMITED: too many attempts, or too many requests with one API token.", retryAfter),
        ServiceUnavailable: errorResponse("SERVICE_UNAVAILABLE: the server cannot reach its database right now; try again after `Retry-After` seconds (an order retried with the same `Idempotency-Key` is placed at most once). The session stays.", retryAfter),
      },
    },
  };
}
