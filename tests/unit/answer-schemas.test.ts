/**
 * One contract per answer (docs/decisions/071): every apiRoute method declares its success
 * answer as a zod schema, the typed client's endpoints are the routes' own schemas, the
 * OpenAPI document publishes them, and a real answer that does not match its schema fails the
 * test that made it (CHECK_ANSWERS, on in every test server). Routes not converted yet are
 * listed below; the list only shrinks.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NextApiRequest, NextApiResponse } from "next";
import openapiTS, { astToString } from "openapi-typescript";
import type { OpenAPIV3_1 } from "openapi-types";
import ts from "typescript";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTES, documentedRoutes } from "@/api-routes";
import { env } from "@/env";
import { answerMismatches, errorAnswer, noContent } from "@/lib/api/answers";
import type { Endpoint } from "@/lib/api/endpoint";
import { call as callEndpoint, endpointUrl } from "@/lib/client/api";
import { eventEndpoints } from "@/features/events/components/endpoints";
import { apiRoute, method, type Method } from "@/server/http/api-route";
import { buildOpenApiDocument, openApiPath } from "@/server/http/openapi";
import { callRoute } from "../setup/recorded-response";

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * The route files (under src/pages/api, as in src/api-routes.ts) whose methods still describe
 * their answer in prose only. A file leaves the list when every method of it declares its
 * answer; an entry no longer needed fails, so the list only shrinks. Empty since every route
 * converted (issue 24 §1): a new route declares its answer from the start.
 */
const NOT_YET: Record<string, string> = {};

function routeFiles(): string[] {
  return Object.keys(API_ROUTES).sort();
}

function declares(file: string): { declared: Method[]; missing: Method[] } {
  const specs = API_ROUTES[file]!.specs;
  const offered = METHODS.filter((m) => specs[m]);
  return { declared: offered.filter((m) => specs[m]!.answer !== undefined), missing: offered.filter((m) => specs[m]!.answer === undefined) };
}

describe("every method declares its answer", () => {
  it("every route not on the list declares an answer schema for each of its methods", () => {
    const undeclared = routeFiles().flatMap((file) => (file in NOT_YET ? [] : declares(file).missing.map((m) => `${m} ${file}`)));
    expect(undeclared).toEqual([]);
  });

  it("the list of routes not converted yet only shrinks: each entry still lacks an answer, and is a route", () => {
    const stale = Object.keys(NOT_YET).filter((file) => !(file in API_ROUTES) || declares(file).missing.length === 0);
    expect(stale).toEqual([]);
  });

  it("the events, classes, ranking and leagues routes are all converted", () => {
    const converted = routeFiles().filter((f) => /^(events|classes|rankings|leagues)\//.test(f));
    expect(converted.length).toBeGreaterThan(25);
    for (const file of converted) expect(declares(file).missing, file).toEqual([]);
  });
});

const FEATURES = path.resolve(import.meta.dirname, "../../src/features");

/** Every `…Endpoints` object of a feature's components/endpoints.ts (what the pages call), with the feature's schemas. */
async function featureEndpoints(): Promise<Array<{ name: string; endpoint: Endpoint; schemas: Record<string, unknown> }>> {
  const found: Array<{ name: string; endpoint: Endpoint; schemas: Record<string, unknown> }> = [];
  for (const feature of fs.readdirSync(FEATURES)) {
    const file = path.join(FEATURES, feature, "components", "endpoints.ts");
    if (!fs.existsSync(file)) continue;
    const schemas = (await import(/* @vite-ignore */ path.join(FEATURES, feature, "types.ts"))) as Record<string, unknown>;
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(mod)) {
      if (!exported.endsWith("Endpoints")) continue;
      for (const [key, endpoint] of Object.entries(value as Record<string, Endpoint>)) found.push({ name: `${feature}.${exported}.${key}`, endpoint, schemas });
    }
  }
  return found;
}

/** The files under src/features/x/components, recursively. */
function componentFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  return fs.readdirSync(FEATURES).flatMap((f) => (fs.existsSync(path.join(FEATURES, f, "components")) ? walk(path.join(FEATURES, f, "components")) : []));
}

describe("the typed client's endpoints are the routes' own contracts", () => {
  it("each endpoint names a route's path and method, and carries the very schema that route declares", async () => {
    const byPath = new Map(Object.keys(API_ROUTES).map((file) => [openApiPath(file), file]));
    const endpoints = await featureEndpoints();
    expect(endpoints.length).toBeGreaterThan(20);
    for (const { name, endpoint, schemas } of endpoints) {
      const file = byPath.get(endpoint.path);
      expect(file, `${name}: no route serves ${endpoint.path}`).toBeDefined();
      const spec = API_ROUTES[file!]!.specs[endpoint.method as Method];
      expect(spec, `${name}: ${file} has no ${endpoint.method}`).toBeDefined();
      expect(spec!.answer !== undefined && schemas[endpoint.answer] === spec!.answer, `${name}: ${endpoint.answer} is not the schema ${endpoint.method} ${file} declares`).toBe(true);
    }
  });

  it("the pages import answer schemas as types only, so no page carries zod for them", () => {
    const valueImports = componentFiles().flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return [...text.matchAll(/^(import|export)\s+(?!type\b)[^;]*?from\s+"(\.\.\/types|@\/features\/[a-z-]+\/types|@\/lib\/api\/answers)";/gms)].map((m) => `${path.relative(FEATURES, file)}: ${m[0].split("\n")[0]}`);
    });
    expect(valueImports).toEqual([]);
  });

  it("types a call by its endpoint: path parameters required, the answer the schema's output (checked by tsc)", () => {
    const typed = async () => {
      // @ts-expect-error a path with parameters needs them
      await callEndpoint(eventEndpoints.detail);
      const event = await callEndpoint(eventEndpoints.detail, { params: { slug: "spring-cup" } });
      const manages: boolean = event.manages;
      const list = await callEndpoint(eventEndpoints.list);
      return [manages, list.total satisfies number];
    };
    expect(typeof typed).toBe("function");
  });

  it("fills in path parameters (encoded) and leaves empty query values out", () => {
    const e = { method: "GET", path: "/api/classes/{id}/students/{studentId}", answer: "probe" } as const;
    expect(endpointUrl(e, { params: { id: "c 1", studentId: "s/2" }, query: { code: "", page: 2, x: null } })).toBe("/api/classes/c%201/students/s%2F2?page=2");
  });
});

describe("the OpenAPI document publishes the answers", () => {
  const document = buildOpenApiDocument(documentedRoutes(), "test");

  it("every declared answer is the success response's schema; a 204 has no body", () => {
    for (const route of documentedRoutes()) {
      for (const m of METHODS) {
        const spec = route.methods[m];
        if (!spec?.answer) continue;
        const operation = (document.paths![openApiPath(route.file)] as Record<string, OpenAPIV3_1.OperationObject>)[m.toLowerCase()]!;
        const status = String(spec.docs?.status ?? 200);
        const success = operation.responses![status] as OpenAPIV3_1.ResponseObject;
        expect(success, `${m} ${route.file} ${status}`).toBeDefined();
        if (spec.answer === noContent) {
          expect(success.content, `${m} ${route.file}`).toBeUndefined();
          continue;
        }
        const schema = Object.values(success.content ?? {})[0]?.schema as Record<string, unknown> | undefined;
        expect(schema && Object.keys(schema).length > 0, `${m} ${route.file}: no published schema`).toBe(true);
      }
    }
  });

  it("a published answer names its fields, and the error answer is the one shared schema", () => {
    const events = (document.paths!["/api/events/{slug}"] as Record<string, OpenAPIV3_1.OperationObject>).get!;
    const schema = ((events.responses!["200"] as OpenAPIV3_1.ResponseObject).content!["application/json"]!.schema ?? {}) as { properties?: Record<string, unknown>; required?: string[] };
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(["slug", "startsAt", "joined", "manages", "teams"]));
    expect(schema.required).toContain("slug");
    const error = document.components!.schemas!.Error as { properties?: { error?: { required?: string[] } } };
    expect(error.properties?.error?.required).toEqual(["code", "message"]);
    expect((events.responses!["404"] as { $ref: string }).$ref).toBe("#/components/responses/NotFound");
  });
  it("a schema that holds itself (an order, its legs orders) is published once, in components.schemas, and referred to", () => {
    const order = document.components!.schemas!.Order as { properties?: Record<string, unknown> } | undefined;
    expect(order?.properties?.legs).toEqual({ type: "array", items: { $ref: "#/components/schemas/Order" } });
    const cancel = (document.paths!["/api/portfolios/{id}/orders/{orderId}"] as Record<string, OpenAPIV3_1.OperationObject>).delete!;
    expect(JSON.stringify(cancel.responses!["200"])).toContain('"$ref":"#/components/schemas/Order"');
    expect(JSON.stringify(document)).not.toContain("#/$defs/");
  });
});

/** Calls a public route handler in process, as Next would: its status and JSON body. */
async function call(handler: (req: NextApiRequest, res: NextApiResponse) => Promise<void>): Promise<{ status: number; body: unknown }> {
  const { status, body } = await callRoute(handler, { method: "GET" });
  return { status, body };
}

/** A probe route answering `body` against a declared `{count, at}`; credentials are not read. */
function probe(body: unknown) {
  const answer = z.object({ count: z.number().int(), at: z.iso.datetime(), note: z.string().nullable().optional() });
  // The body is cast: these probes plant mistakes tsc would otherwise refuse.
  return apiRoute({ GET: method({ auth: "public", answer, handler: () => ({ body: body as z.output<typeof answer> }) }) }, { credentials: "ignored" });
}

describe("a client generated from the document", () => {
  const document = buildOpenApiDocument(documentedRoutes(), "test");

  it("has a response schema for every documented status of every route (a 204 and a redirect have no body)", () => {
    const missing: string[] = [];
    for (const [p, item] of Object.entries(document.paths ?? {})) {
      for (const [verb, operation] of Object.entries(item as Record<string, OpenAPIV3_1.OperationObject>)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (status === "204" || status.startsWith("3")) continue;
          const resolved = "$ref" in response ? document.components!.responses![(response.$ref as string).split("/").pop()!] : response;
          const schema = Object.values((resolved as OpenAPIV3_1.ResponseObject).content ?? {})[0]?.schema;
          if (!schema) missing.push(`${verb.toUpperCase()} ${p} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  // What an API-token user does (docs/api.md): generate types with openapi-typescript, then use
  // them. tsc must accept the right uses and refuse the wrong ones, so the published answers are
  // the real ones' shapes, named fields and all. A hang guard, not a speed check: generating and
  // checking ~9,000 lines took ~5 s quiet.
  it("type-checks: the answers' fields have their types, and a wrong use is refused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickerlab-client-"));
    try {
      fs.writeFileSync(path.join(dir, "api.ts"), astToString(await openapiTS(document as never)));
      fs.writeFileSync(
        path.join(dir, "use.ts"),
        `import type { components, paths } from "./api";
type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Placed = Json<paths["/api/portfolios/{id}/orders"]["post"]["responses"][201]>;
declare const placed: Placed;
const legs: components["schemas"]["Order"][] | undefined = placed.order.legs;
const filled: number = placed.order.filledQuantity;
const impact: string | null | undefined = placed.fill?.impactBps;
// @ts-expect-error an order's quantity is a number
const quantity: string = placed.order.quantity;
declare const summary: Json<paths["/api/portfolio"]["get"]["responses"][200]>;
const equity: string = summary.equity;
declare const settings: Json<paths["/api/admin/settings"]["get"]["responses"][200]>;
const multiple: number | undefined = settings.practiceMargin?.terms.multiplier;
declare const refused: Json<paths["/api/portfolios/{id}/orders"]["post"]["responses"][404]>;
const code: string = refused.error.code;
// @ts-expect-error an event's answer has no such field
const nothing = (null as unknown as Json<paths["/api/events/{slug}"]["get"]["responses"][200]>).noSuchField;
export const used = [legs, filled, impact, quantity, equity, multiple, code, nothing];
`,
      );
      const program = ts.createProgram([path.join(dir, "use.ts")], { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("a real answer that does not match its schema fails the test", () => {
  const settings = env() as { CHECK_ANSWERS: boolean };
  const before = settings.CHECK_ANSWERS;
  afterEach(() => {
    settings.CHECK_ANSWERS = before;
  });

  it("with CHECK_ANSWERS on, a wrong type, a missing field or a field the schema does not name is a 500 ANSWER_MISMATCH naming it", async () => {
    settings.CHECK_ANSWERS = true;
    const ok = await call(probe({ count: 2, at: new Date("2026-12-03T10:00:00Z") }));
    // A Date passes: the check reads the body as JSON writes it (Next's res.json does the writing).
    expect(ok).toEqual({ status: 200, body: { count: 2, at: new Date("2026-12-03T10:00:00Z") } });

    const wrong = await call(probe({ count: "2", at: "2026-12-03T10:00:00Z" }));
    expect(wrong.status).toBe(500);
    expect(errorAnswer.safeParse(wrong.body).success).toBe(true);
    expect(wrong.body).toMatchObject({ error: { code: "ANSWER_MISMATCH", mismatches: [expect.stringMatching(/^count:/)] } });

    const missing = await call(probe({ at: "2026-12-03T10:00:00Z" }));
    expect(missing.body).toMatchObject({ error: { code: "ANSWER_MISMATCH", mismatches: [expect.stringMatching(/^count:/)] } });

    const extra = await call(probe({ count: 1, at: "2026-12-03T10:00:00Z", email: "someone@example.test" }));
    expect(extra.status).toBe(500);
    expect(JSON.stringify(extra.body)).toContain("email");
  }, 30_000);

  it("with CHECK_ANSWERS off (production), the answer goes out unchecked", async () => {
    settings.CHECK_ANSWERS = false;
    expect(await call(probe({ count: "2", at: "x" }))).toEqual({ status: 200, body: { count: "2", at: "x" } });
  });

  it("the check is strict at every depth, and reads the body as JSON writes it", () => {
    const schema = z.object({ items: z.array(z.object({ id: z.string(), at: z.iso.datetime() })), own: z.object({ n: z.number() }).nullable() });
    expect(answerMismatches(schema, { items: [{ id: "a", at: new Date(0) }], own: null })).toBeNull();
    expect(answerMismatches(schema, { items: [{ id: "a", at: new Date(0), secret: 1 }], own: null })).toEqual([expect.stringMatching(/^items\.0/)]);
    expect(answerMismatches(schema, { items: [], own: { n: 1, more: true } })).toEqual([expect.stringMatching(/^own/)]);
    // A schema that holds itself (an order's legs are orders) is strict at every depth too.
    const order: z.ZodType = z.object({
      id: z.string(),
      get legs() {
        return z.array(order);
      },
    });
    expect(answerMismatches(order, { id: "a", legs: [{ id: "b", legs: [] }] })).toBeNull();
    expect(answerMismatches(order, { id: "a", legs: [{ id: "b", legs: [], secret: 1 }] })).toEqual([expect.stringMatching(/^legs\.0/)]);
    expect(answerMismatches(order, { id: "a", legs: [{ id: "b", legs: [{ id: "c", legs: [], secret: 1 }] }] })).toEqual([expect.stringMatching(/^legs\.0/)]);
    // A schema's own objects are left as they are: the strict copy is made for the check only.
    expect(schema.safeParse({ items: [], own: { n: 1, more: true } }).success).toBe(true);
  });
});
