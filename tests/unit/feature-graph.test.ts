/**
 * Features depend on each other in one direction only (docs/architecture.md): the graph of
 * "feature A imports feature B" has no cycle. Type-only imports count too: they couple the
 * two features' code just the same. Where two features both need each other, the page composes
 * them (a slot such as `notices` or `corrections`), or the shared part moves down.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = path.resolve(import.meta.dirname, "../../src/features");

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

type Graph = Map<string, Map<string, string[]>>;

/** feature → the features it imports → the files that do it. */
function featureGraph(): Graph {
  const graph: Graph = new Map();
  for (const feature of fs.readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const edges = new Map<string, string[]>();
    for (const file of filesOf(path.join(FEATURES, feature))) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/from\s+["']@\/features\/([a-z0-9-]+)/g)) {
        const target = match[1]!;
        if (target === feature) continue;
        edges.set(target, [...(edges.get(target) ?? []), path.relative(FEATURES, file)]);
      }
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
