/**
 * The route guard (specification section 2) and the security headers.
 *
 * The proxy runs on every page and API path so that each response gets a fresh CSP nonce
 * and the other security headers; the *guard* applies to exactly the specification's
 * prefixes (src/lib/guarded-paths.ts). It only checks that a signed JWT cookie exists:
 * every page's getServerSideProps and every API route decides again on the server.
 */
import { withAuth } from "next-auth/middleware";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { env } from "@/env";
import { guardFor } from "@/lib/guarded-paths";

const requireSession = withAuth({
  // withAuth does not read authOptions: the sign-in page and secret are given again here.
  pages: { signIn: "/login" },
  secret: env().NEXTAUTH_SECRET,
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

function withSecurityHeaders(response: NextResponse, nonce: string): NextResponse {
  const production = process.env.NODE_ENV === "production";
  response.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, !production));
  response.headers.set("X-Content-Type-Options", "nosniff");
  response.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  response.headers.set("X-Frame-Options", "DENY");
  response.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  response.headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (production) response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return response;
}

export default async function proxy(request: NextRequest, event: NextFetchEvent) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  if (guardFor(request.nextUrl.pathname) === "requires-session") {
    const redirect = await requireSession(request as Parameters<typeof requireSession>[0], event);
    if (redirect) return withSecurityHeaders(redirect as NextResponse, nonce);
  }
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  return withSecurityHeaders(NextResponse.next({ request: { headers } }), nonce);
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt).*)"],
};
