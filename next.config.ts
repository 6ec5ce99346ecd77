import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // Lets two builds live side by side (e.g. a test run beside a running app).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino"],
  // The route guard lives in src/proxy.ts; static assets never need it.
};

export default nextConfig;
