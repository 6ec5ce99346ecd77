/**
 * apiRoute reads the request body itself (so a bad body is answered in our JSON error shape):
 * every route built on it must turn Next's body parser off, literally, in its own module
 * (Next reads `config` from the module and analyses it statically at build time).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const API = path.resolve(import.meta.dirname, "../../src/pages/api");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routeFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

describe("API route modules", () => {
  const files = routeFiles(API).filter((f) => fs.readFileSync(f, "utf8").includes("apiRoute("));

  it("are found", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.map((f) => [path.relative(API, f), f]))("%s turns Next's body parser off", (_name, file) => {
    expect(fs.readFileSync(file, "utf8")).toMatch(/^export const config = \{ api: \{ bodyParser: false \} \};$/m);
  });
});
