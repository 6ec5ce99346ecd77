import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Layers (docs/architecture.md): pages → features → server → domain, with lib and
 * components/ui beside them. Each rule below forbids an import that would point the
 * wrong way, so the layers stay apart without anyone having to remember.
 */
const FRAMEWORK_AND_IO = ["next", "next/*", "next-auth", "next-auth/*", "react", "react-dom", "react/*", "drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "nodemailer", "pino", "swr", "node:*", "fs", "path"];

const layer = (files, patterns, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
  },
});

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "next-env.d.ts", "src/server/db/migrations/**", "tests/.artifacts/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react/no-danger": "error",
    },
  },
  layer(
    ["src/domain/**"],
    [...FRAMEWORK_AND_IO, "@/server/*", "@/features/*", "@/pages/*", "@/components/*", "@/env"],
    "The domain is pure TypeScript: no framework, database or I/O. Pass values (and clock, RNG) in.",
  ),
  layer(
    ["src/lib/**"],
    ["next", "next/*", "next-auth", "next-auth/*", "react", "react-dom", "drizzle-orm", "drizzle-orm/*", "pg", "@/server/*", "@/features/*", "@/pages/*", "@/components/*"],
    "lib holds framework-free helpers usable anywhere.",
  ),
  layer(["src/server/**"], ["@/features/*", "@/pages/*", "@/components/*", "react", "react-dom"], "server code sits below features and pages."),
  layer(["src/components/**"], ["@/server/*", "@/features/*", "@/pages/*", "@/env", "swr", "drizzle-orm", "drizzle-orm/*"], "UI primitives take data through props; no data fetching."),
  layer(["src/features/*/components/**"], ["@/server/*", "@/env", "drizzle-orm", "drizzle-orm/*", "pg"], "Components run in the browser: reach the server through the API."),
  {
    // Test helpers named setup*/use* are vitest hooks, not React hooks.
    files: ["tests/**", "bench/**", "scripts/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
