import { describe, expect, it, vi } from "vitest";

describe("processWide", () => {
  it("hands every copy of a module the same value, as Next's route and instrumentation bundles each load their own copy", async () => {
    const first = await import("@/server/process-wide");
    vi.resetModules();
    const second = await import("@/server/process-wide");
    expect(second).not.toBe(first); // two copies of the module, as two bundles have
    const made = first.processWide("test.shared", () => new Map<string, number>());
    made.set("stored by the scheduler's copy", 1);
    const seen = second.processWide("test.shared", () => new Map<string, number>());
    expect(seen).toBe(made);
    expect(second.processWide("test.other", () => new Map<string, number>())).not.toBe(made);
  });
});
