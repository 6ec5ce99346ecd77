/** The OpenAPI 3.1 document of this API, built from the routes' own specs (docs/decisions/030-openapi.md). */
import type { OpenAPIV3_1 } from "openapi-types";
import { openApiAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

let cached: OpenAPIV3_1.Document | null = null;

/** Built once per process: the routes do not change while it runs. */
async function document() {
  if (!cached) {
    // Imported when first asked for: the registry imports this module too.
    const [{ documentedRoutes }, { buildOpenApiDocument }] = await Promise.all([import("@/api-routes"), import("@/server/http/openapi")]);
    cached = buildOpenApiDocument(documentedRoutes(), "0.1.0");
  }
  return cached;
}

export default apiRoute({
  GET: method({
    auth: "public",
    answer: openApiAnswer,
    docs: {
      summary: "This document (OpenAPI 3.1)",
      description: "Public and cacheable for 5 minutes; Next adds an `ETag` and answers 304 to a matching `If-None-Match`. Rendered at /developers/api.",
      response: "The OpenAPI 3.1 document.",
    },
    async handler() {
      return { body: await document(), headers: { "Cache-Control": "public, max-age=300" } };
    },
  }),
});
