// Plain JavaScript on purpose: a next.config.ts makes `next start` load Next's native SWC
// compiler (~25 MB resident for the life of the server) just to read this file
// (docs/decisions/023).

/**
 * The security headers every answer gets — pages, API and static files. The pages' CSP
 * carries a per-request nonce and comes from src/proxy.ts; an API answer never runs a
 * script, so its policy is fixed here and the proxy does not run on /api (docs/decisions/022).
 * @param {boolean} production HSTS only there (development has no TLS).
 */
function securityHeaders(production) {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  ];
}

/**
 * JSON and event streams. The one HTML page under /api is next-auth's sign-out confirmation
 * (GET /api/auth/signout): inline styles and a form posting to itself, no script.
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Lets two builds live side by side (e.g. a test run beside a running app).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // `npm test` (scripts/test.mjs) runs `tsc --noEmit` over this same tsconfig first and sets
  // TICKERLAB_TYPES_CHECKED=1 for the suites it starts only when that passed: a build they
  // trigger would otherwise check every type a second time (59 of 154 s, docs/decisions/050).
  typescript: { ignoreBuildErrors: process.env.TICKERLAB_TYPES_CHECKED === "1" },
  // On CI (a fresh clone that is built once and thrown away) the build's own file-system cache
  // is never read again; writing it cost ~30 s and 24 s of CPU per build here (decision 050).
  experimental: { turbopackFileSystemCacheForBuild: !["true", "1"].includes(process.env.CI ?? "") },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(process.env.NODE_ENV === "production") },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
