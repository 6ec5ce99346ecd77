/** The OpenAPI 3.1 document of this API, built from the routes' own specs (docs/decisions/030-openapi.md). */
import { createHash } from "node:crypto";
import { apiRoute, method } from "@/server/http/api-route";

export const config = { api: { bodyParser: false } };

let cached: { body: unknown; etag: string } | null = null;

/** Built once per process: the routes do not change while it runs. */
async function document() {
  if (!cached) {
    // Imported when first asked for: the registry imports this module too.
    const [{ documentedRoutes }, { buildOpenApiDocument }] = await Promise.all([import("@/api-routes"), import("@/server/http/openapi")]);
    const body = buildOpenApiDocument(documentedRoutes(), "0.1.0");
    cached = { body, etag: `"${createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27)}"` };
  }
  return cached;
}

export default apiRoute({
  GET: method({
    auth: "public",
    docs: {
      summary: "This document (OpenAPI 3.1)",
      description: "Public and cacheable for 5 minutes; answers 304 to a matching `If-None-Match`. Rendered at /developers/api.",
      response: "The OpenAPI 3.1 document.",
    },
    async handler({ req }) {
      const { body, etag } = await document();
      const headers = { "Cache-Control": "public, max-age=300", ETag: etag };
      if (req.headers["if-none-match"] === etag) return { status: 304, headers };
      return { body, headers };
    },
  }),
});
