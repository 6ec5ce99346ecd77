import fs from "node:fs";
import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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

/**
 * Features import each other only through their public surface: `@/features/<x>` (its
 * index.ts, for server code), `@/features/<x>/components` (its components/index.ts, for
 * browser code) and `@/features/<x>/types` (its server-free answer schemas and their types,
 * for both; docs/decisions/071). Their own files are theirs to import as they like.
 */
const FEATURES = fs.readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const BROWSER = { group: ["@/server/*", "@/env", "drizzle-orm", "drizzle-orm/*", "pg"], message: "Components run in the browser: reach the server through the API." };
const surfaceOf = (feature) => ({
  group: ["@/features/*/**", `!@/features/${feature}/**`, "!@/features/*/components", "!@/features/*/types"],
  message: "Another feature is reached only through its index.ts: import from @/features/<name> (server), @/features/<name>/components (browser) or @/features/<name>/types (answer schemas).",
});
const featureRules = FEATURES.flatMap((feature) => [
  { files: [`src/features/${feature}/**`], rules: { "no-restricted-imports": ["error", { patterns: [surfaceOf(feature)] }] } },
  { files: [`src/features/${feature}/components/**`], rules: { "no-restricted-imports": ["error", { patterns: [surfaceOf(feature), BROWSER] }] } },
  // Its answer schemas are server-free: the browser imports them.
  { files: [`src/features/${feature}/types.ts`], rules: { "no-restricted-imports": ["error", { patterns: [surfaceOf(feature), BROWSER] }] } },
]);

// The plugins eslint-config-next bundles, taken directly: that package pulls a resolver
// whose platform binaries break `npm ci` here (docs/decisions/009-lint-setup.md).
const config = [
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"] ?? reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "@next/next": nextPlugin },
    rules: { ...nextPlugin.configs.recommended.rules, ...nextPlugin.configs["core-web-vitals"].rules },
  },
  // Vendored third-party files are pinned as shipped (tests/unit/vendored-assets.test.ts), not ours to lint.
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", "data/**", "next-env.d.ts", "src/server/db/migrations/**", "tests/.artifacts/**", "public/vendor/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
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
  // Any components folder (also of a feature added since this config loaded); each existing
  // feature's own rules below add the surface rule to it.
  layer(["src/features/*/components/**"], BROWSER.group, BROWSER.message),
  ...featureRules,
  {
    // Test helpers named setup*/use* are vitest hooks, not React hooks.
    files: ["tests/**", "bench/**", "scripts/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
