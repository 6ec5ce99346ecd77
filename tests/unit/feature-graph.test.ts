/**
 * Features depend on each other in one direction only (docs/architecture.md, decision 074): the
 * graph of "feature A imports feature B" has no cycle. Every way one file reaches another counts:
 * static and type-only imports, re-exports (`export … from`), dynamic `import(…)`, and relative
 * paths that climb into another feature's folder — each couples the two features' code just the
 * same. Where two features both need each other, the page composes them (a slot such as
 * `notices`, `corrections` or `trading`), or the shared part moves down.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = path.resolve(import.meta.dirname, "../../src/features");

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

type Graph = Map<string, Map<string, string[]>>;

/**
 * The features other than its own that a file's text reaches: `import … from`, `export … from`,
 * a bare `import "…"`, `import("…")`, through `@/features/x` or a relative path that leaves the
 * file's feature. `file` is the file's path under the features folder ("market/components/X.tsx").
 */
function featuresImportedBy(file: string, text: string): Set<string> {
  const own = file.split("/")[0]!;
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)) {
    const specifier = match[1]!;
    let target: string | undefined;
    if (specifier.startsWith("@/features/")) target = specifier.split("/")[2];
    else if (specifier.startsWith(".")) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      // Outside the features folder altogether ("../../lib/x") is not a feature.
      if (!resolved.startsWith("..")) target = resolved.split("/")[0];
    }
    if (target && target !== own) found.add(target);
  }
  return found;
}

/** feature → the features it imports → the files that do it. */
function featureGraph(): Graph {
  const graph: Graph = new Map();
  for (const feature of fs.readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const edges = new Map<string, string[]>();
    for (const file of filesOf(path.join(FEATURES, feature))) {
      const relative = path.relative(FEATURES, file).split(path.sep).join("/");
      for (const target of featuresImportedBy(relative, fs.readFileSync(file, "utf8"))) edges.set(target, [...(edges.get(target) ?? []), relative]);
    }
    graph.set(feature, edges);
  }
  return graph;
}

/** Every cycle's path (A → B → … → A), found by depth-first search; empty for a DAG. */
function cyclesOf(graph: Map<string, Iterable<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("the feature graph", () => {
  it("finds a planted cycle, and none in a chain", () => {
    expect(cyclesOf(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]))).toEqual([["a", "b", "c", "a"]]);
    expect(cyclesOf(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("counts every way a file reaches another feature", () => {
    const text = [
      'import { a } from "@/features/trading";',
      'import type { B } from "@/features/market/components";',
      'export { c } from "@/features/learn";',
      'export * from "@/features/ranking/types";',
      'import "@/features/shell/components/styles";',
      'const lazy = () => import("@/features/events/components/EventPage");',
      'import { d } from "../../account/server/lifecycle";',
      'import { own } from "../server/queries";',
      'import { lib } from "../../../lib/format";',
    ].join("\n");
    expect([...featuresImportedBy("portfolio/components/Probe.tsx", text)].sort()).toEqual(["account", "events", "learn", "market", "ranking", "shell", "trading"]);
    // A cycle made of such imports is found like any other.
    expect(cyclesOf(new Map([["market", [...featuresImportedBy("market/components/X.tsx", 'const p = import("@/features/portfolio/components");')]], ["portfolio", ["market"]]]))).toEqual([
      ["market", "portfolio", "market"],
    ]);
  });

  it("reads the real imports (the portfolio feature uses trading's surface)", () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get("portfolio")?.has("trading")).toBe(true);
  });

  it("has no cycle between features", () => {
    const graph = featureGraph();
    const cycles = cyclesOf(new Map([...graph].map(([feature, edges]) => [feature, [...edges.keys()]])));
    const explained = cycles.map((cycle) =>
      cycle
        .slice(0, -1)
        .map((from, i) => `${from} → ${cycle[i + 1]} (${graph.get(from)!.get(cycle[i + 1]!)!.slice(0, 2).join(", ")})`)
        .join("; "),
    );
    expect(explained).toEqual([]);
  });
});
