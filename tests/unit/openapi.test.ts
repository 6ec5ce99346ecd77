/**
 * The OpenAPI document (GET /api/openapi.json) against the route files themselves: every file
 * under src/pages/api is a path of the document, with exactly the methods its module offers
 * (read from the module, not from the registry the document is built from), each with a
 * summary, and the documented request schema is the one that validates the request. The
 * test-only routes (404 unless TEST_PRICE_CONTROL or TEST_TASK_CONTROL) are the one
 * exception: left out, and only the ones named here.
 */
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import type { NextApiRequest, NextApiResponse } from "next";
import type { OpenAPIV3_1 } from "openapi-types";
import { beforeAll, describe, expect, it } from "vitest";
import { OTHER_ROUTES } from "@/api-routes";
import { env } from "@/env";
import type { ApiRouteHandler, Method } from "@/server/http/api-route";
import { inputJsonSchema, openApiPath } from "@/server/http/openapi";
import { strictInput } from "@/lib/validation/strict";
import { callRoute, type Recorded } from "../setup/recorded-response";

const API = path.resolve(import.meta.dirname, "../../src/pages/api");
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Not a route: the API's answer for an address no route serves (tested below). */
const UNKNOWN_ADDRESS = "[...unknown]";
const filePaths = routeFiles(API).filter((f) => path.basename(f, path.extname(f)) !== UNKNOWN_ADDRESS);
const files = filePaths.map((f) => path.relative(API, f).replace(/\.tsx?$/, "").split(path.sep).join("/"));
/** Routes that exist only with TEST_PRICE_CONTROL or TEST_TASK_CONTROL (apiRoute's `onlyWhen`): not in the document. */
const TEST_ONLY = ["rankings/refresh", "test/corporate-actions", "test/prices", "test/snapshots", "test/tasks/[name]"];
const documentedFiles = files.filter((f) => !TEST_ONLY.includes(f));

/** Calls a route handler with a bare request, as Next would. */
const call = (handler: (req: NextApiRequest, res: NextApiResponse) => unknown, method: string, headers: Record<string, string> = {}) => callRoute(handler, { method, headers });

/** What each module offers: its apiRoute specs, or (two modules) what it answers with 405. */
async function offeredMethods(file: string): Promise<{ methods: Method[]; specs?: ApiRouteHandler["specs"] }> {
  const mod = (await import(/* @vite-ignore */ filePaths[files.indexOf(file)]!)) as { default: ApiRouteHandler };
  if (mod.default.specs) return { methods: METHODS.filter((m) => mod.default.specs[m]), specs: mod.default.specs };
  const other = OTHER_ROUTES.find((r) => r.file === file);
  expect(other, `${file} is not built on apiRoute: OTHER_ROUTES in src/api-routes.ts must state its methods`).toBeDefined();
  const declared = METHODS.filter((m) => other!.methods[m]);
  // next-auth's catch-all is next-auth's protocol (GET and POST); the stream answers 405 with Allow itself.
  if (file === "auth/[...nextauth]") return { methods: declared };
  const refused = await call(mod.default, "OPTIONS");
  expect(refused.status).toBe(405);
  return { methods: METHODS.filter((m) => refused.headers.allow!.split(/,\s*/).includes(m)) };
}

let doc: OpenAPIV3_1.Document;
let served: Recorded;

beforeAll(async () => {
  const route = (await import("@/pages/api/openapi.json")).default;
  served = await call(route, "GET");
  doc = served.body as OpenAPIV3_1.Document;
}, 60_000);

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(served.status).toBe(200);
    expect(doc.openapi).toBe("3.1.0");
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  it("is public and cacheable (Next adds the ETag and the 304)", () => {
    expect(served.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("declares the cookie session, the bearer scheme for personal API tokens, and the error shape", () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      cookieAuth: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      bearerAuth: { type: "http", scheme: "bearer" },
    });
    expect(JSON.stringify(doc.components?.securitySchemes?.bearerAuth)).toMatch(/personal API tokens/i);
    expect(doc.components?.schemas?.Error).toMatchObject({ required: ["error"], properties: { error: { required: ["code", "message"] } } });
    expect(doc.components?.responses?.RateLimited).toMatchObject({ headers: { "Retry-After": {} } });
  });
});

describe("every route file is in the document, with exactly the methods it offers", () => {
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files).toContain("auth/[...nextauth]");
  });

  it("has no path without a file", () => {
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual(documentedFiles.map(openApiPath).sort());
  });

  it.each(TEST_ONLY)("leaves out %s: test-only, a 404 unless its switch (TEST_PRICE_CONTROL or TEST_TASK_CONTROL) is on", async (file) => {
    expect(files).toContain(file);
    expect(doc.paths?.[openApiPath(file)]).toBeUndefined();
    expect(env().TEST_PRICE_CONTROL).toBe(false);
    expect(env().TEST_TASK_CONTROL).toBe(false);
    const mod = (await import(/* @vite-ignore */ filePaths[files.indexOf(file)]!)) as { default: ApiRouteHandler };
    // Gated by apiRoute's onlyWhen (and not documented because of that gate, nothing else).
    expect(mod.default.options.onlyWhen).toBeTypeOf("function");
    const answer = await call(mod.default, "POST");
    expect(answer).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
  });

  it("leaves out no other route: only the test-only ones are gated", async () => {
    const gated: string[] = [];
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ filePaths[files.indexOf(file)]!)) as { default: Partial<ApiRouteHandler> };
      if (mod.default.options?.onlyWhen) gated.push(file);
    }
    expect(gated.sort()).toEqual(TEST_ONLY);
  });

  it.each(documentedFiles)("%s", async (file) => {
    const item = doc.paths?.[openApiPath(file)] as Record<string, OpenAPIV3_1.OperationObject> | undefined;
    expect(item, `${openApiPath(file)} is missing from the document: add ${file} to src/api-routes.ts`).toBeDefined();
    const { methods, specs } = await offeredMethods(file);
    expect(methods.length).toBeGreaterThan(0);
    const documented = METHODS.filter((m) => item![m.toLowerCase()]);
    expect(documented).toEqual(methods);
    for (const m of methods) {
      const op = item![m.toLowerCase()]!;
      expect(op.summary, `${m} ${file} states what it does (docs.summary)`).toBeTruthy();
      // Path parameters from the file name: [id] → {id}, [...nextauth] → {nextauth}.
      for (const name of [...file.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((x) => x[1])) {
        expect(op.parameters).toContainEqual(expect.objectContaining({ name, in: "path", required: true }));
      }
      const input = specs?.[m]?.input;
      if (!input) continue;
      // The schema that validates the request is the one documented (a body: strict, as apiRoute applies it).
      const schema = inputJsonSchema(m === "GET" || m === "DELETE" ? input : strictInput(input));
      if (m === "GET" || m === "DELETE") {
        const query = (op.parameters as OpenAPIV3_1.ParameterObject[]).filter((p) => p.in === "query");
        const pathNames = (op.parameters as OpenAPIV3_1.ParameterObject[]).filter((p) => p.in === "path").map((p) => p.name);
        expect(query.map((p) => p.name).sort()).toEqual(Object.keys(schema.properties ?? {}).filter((n) => !pathNames.includes(n)).sort());
      } else {
        expect((op.requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"]!.schema).toEqual(schema);
      }
    }
  });
});

describe("what the document says of particular routes", () => {
  const op = (p: string, m: string) => (doc.paths![p] as Record<string, OpenAPIV3_1.OperationObject>)[m]!;

  it("documents a zod/mini body with its limits (register)", () => {
    const body = (op("/api/account/register", "post").requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"]!.schema as OpenAPIV3_1.SchemaObject;
    expect(body.required).toEqual(["email", "password", "name"]);
    expect(body.properties?.email).toMatchObject({ type: "string", maxLength: 254 });
    expect(body.properties?.password).toMatchObject({ minLength: 8, maxLength: 200 });
    expect(op("/api/account/register", "post").responses!["429"]).toBeDefined();
    expect(op("/api/account/register", "post").responses!["201"]).toBeDefined();
  });

  it("documents a list's query string and who may call (orders)", () => {
    const list = op("/api/portfolios/{id}/orders", "get");
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: "status", in: "query", required: false }));
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: "pageSize", in: "query", schema: expect.objectContaining({ maximum: 100 }) }));
    // The session cookie, or a personal API token with the method's scope (src/server/http/bearer.ts).
    expect(list.security).toEqual([{ cookieAuth: [] }, { bearerAuth: ["read"] }]);
    expect(op("/api/portfolios/{id}/orders", "post").security).toEqual([{ cookieAuth: [] }, { bearerAuth: ["trade"] }]);
    expect(op("/api/admin/users", "get").security).toEqual([{ cookieAuth: [] }, { bearerAuth: ["admin"] }]);
    expect(op("/api/account/tokens", "post").security).toEqual([{ cookieAuth: [] }]);
    expect(op("/api/stream", "get").security).toEqual([{ cookieAuth: [] }]);
    expect(op("/api/portfolios/{id}/orders", "get").responses!["429"]).toBeDefined();
    expect(op("/api/portfolios/{id}/orders", "post").parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }));
    expect(list.responses!["401"]).toBeDefined();
    expect(op("/api/health", "get").security).toEqual([]);
    expect(op("/api/admin/users", "get").description).toMatch(/Admins only/);
  });
});

describe("an address no route serves", () => {
  it("answers the API's own 404: the JSON error shape, private, with a request id", async () => {
    const unknown = (await import("@/pages/api/[...unknown]")).default;
    for (const method of ["GET", "POST", "DELETE"]) {
      const answer = await call(unknown, method);
      expect(answer, method).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND", message: expect.stringMatching(/no API at this address/) } } });
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-request-id"]).toMatch(/\S/);
    }
  });
});
