/**
 * The route guard (specification section 2) and the pages' Content-Security-Policy.
 *
 * The proxy runs on every page path so that each HTML answer gets a fresh CSP nonce and an
 * X-Request-Id (src/lib/request-id.ts; API answers get theirs from apiRoute); the
 * *guard* applies to exactly the specification's prefixes (src/lib/guarded-paths.ts). It
 * only checks that a signed JWT cookie exists: every page's getServerSideProps and every API
 * route decides again on the server.
 *
 * It does not run on /api: the guard covers no API path, an API answer needs no nonce, and
 * it cost ~0.3 ms CPU per API call. The other security headers, on pages and API answers
 * alike, come from next.config.mjs (docs/decisions/022).
 */
import { withAuth } from "next-auth/middleware";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { env } from "@/env";
import { guardFor } from "@/lib/guarded-paths";
import { acceptRequestId, REQUEST_ID_HEADER } from "@/lib/request-id";
import { decodeSessionToken } from "@/server/auth/jwt";

const requireSession = withAuth({
  // withAuth does not read authOptions: the sign-in page, secret and decoder are given again here.
  pages: { signIn: "/login" },
  secret: env().NEXTAUTH_SECRET,
  jwt: { decode: decodeSessionToken },
  callbacks: { authorized: ({ token }) => Boolean(token?.uid) },
});

function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // Next's pages router bootstraps with inline scripts: they carry this nonce (_document).
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The page's headers: its CSP, and its X-Request-Id (also handed to the page on the request, for its log lines). */
function withPolicy(response: NextResponse, nonce: string, requestId: string): NextResponse {
  response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production"));
  response.headers.set("X-Request-Id", requestId);
  return response;
}

export default async function proxy(request: NextRequest, event: NextFetchEvent) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const requestId = acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
  if (guardFor(request.nextUrl.pathname) === "requires-session") {
    const redirect = await requireSession(request as Parameters<typeof requireSession>[0], event);
    if (redirect) return withPolicy(redirect as NextResponse, nonce, requestId);
  }
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set(REQUEST_ID_HEADER, requestId);
  return withPolicy(NextResponse.next({ request: { headers } }), nonce, requestId);
}

export const config = {
  // Every page; not the API (see above) and not static assets.
  matcher: ["/((?!api/|api$|_next/static|_next/image|favicon.ico|robots.txt).*)"],
};
