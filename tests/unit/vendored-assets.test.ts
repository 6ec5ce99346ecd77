/**
 * Files served from public/vendor are pinned: the exact bytes of a named release, beside their
 * licences (docs/decisions/054-vendored-rapidoc.md). A changed file must come with a new folder
 * name and a new hash here, so nobody swaps a script every visitor runs without noticing.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RAPIDOC_SCRIPT } from "@/features/developers/components/ApiReference";

const PUBLIC = path.resolve(import.meta.dirname, "../../public");

const PINNED: Record<string, string> = {
  "vendor/rapidoc-9.3.8/rapidoc-min.js": "affbd173a65e870e18f392cca963113bcdafb6e50e88cd2f6a834a65b22db94d",
};

const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(path.join(PUBLIC, file))).digest("hex");

describe("vendored assets", () => {
  it.each(Object.entries(PINNED))("%s is the pinned release", (file, hash) => {
    expect(sha256(file)).toBe(hash);
  });

  it("are the ones the pages load, each with its licences beside it", () => {
    expect(Object.keys(PINNED)).toContain(RAPIDOC_SCRIPT.slice(1));
    for (const file of Object.keys(PINNED)) {
      const folder = path.join(PUBLIC, path.dirname(file));
      expect(fs.readdirSync(folder).sort()).toEqual(["LICENSE.txt", "rapidoc-min.js", "rapidoc-min.js.LICENSE.txt"]);
      expect(fs.readFileSync(path.join(folder, "LICENSE.txt"), "utf8")).toMatch(/MIT License/);
    }
  });

  it("leaves nothing unpinned in public/vendor", () => {
    const files = fs.readdirSync(path.join(PUBLIC, "vendor"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".js"));
    expect(files.map((e) => path.relative(PUBLIC, path.join(e.parentPath, e.name))).sort()).toEqual(Object.keys(PINNED).sort());
  });
});
