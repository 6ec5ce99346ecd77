/** The admin screens' one action hook (src/components/ui/useAction.ts): busy, then a status line. */
import { describe, expect, it } from "vitest";
import { type ActionStatus, runAction } from "@/components/ui/useAction";
import { ApiError } from "@/lib/client/api";

function recorder() {
  const busy: boolean[] = [];
  const status: ActionStatus[] = [];
  return { busy, status, set: { busy: (v: boolean) => busy.push(v), status: (v: ActionStatus) => status.push(v) } };
}

describe("runAction", () => {
  it("is busy while the work runs, then shows the success text made from the result", async () => {
    const r = recorder();
    let busyDuring: boolean[] = [];
    const outcome = await runAction(
      async () => {
        busyDuring = [...r.busy];
        return 3;
      },
      { success: (n) => `${n} saved.`, failure: "Could not save." },
      r.set,
    );
    expect(busyDuring).toEqual([true]);
    expect(r.busy).toEqual([true, false]);
    expect(r.status).toEqual([{ tone: "success", text: "3 saved." }]);
    expect(outcome).toEqual({ ok: true, value: 3 });
  });

  it("shows the server's message for an ApiError and the fallback for anything else, and settles either way", async () => {
    const settled: string[] = [];
    const server = recorder();
    const refused = await runAction(() => Promise.reject(new ApiError(409, "DATASET_IN_USE", "Archive the event first.")), { failure: "Could not delete.", settle: () => settled.push("server") }, server.set);
    expect(server.status).toEqual([{ tone: "error", text: "Archive the event first." }]);
    expect(server.busy).toEqual([true, false]);
    expect(refused.ok).toBe(false);

    const network = recorder();
    await runAction(() => Promise.reject(new TypeError("fetch failed")), { failure: "Could not delete.", settle: () => settled.push("network") }, network.set);
    expect(network.status).toEqual([{ tone: "error", text: "Could not delete." }]);
    expect(settled).toEqual(["server", "network"]);
  });

  it("leaves the status alone without a success text, and clears it when a form shows the errors itself", async () => {
    const quiet = recorder();
    await runAction(() => Promise.resolve("x"), { failure: "Could not save." }, quiet.set);
    expect(quiet.status).toEqual([]);

    const form = recorder();
    const seen: unknown[] = [];
    await runAction(() => Promise.reject(new ApiError(400, "VALIDATION_FAILED", "Check the fields.", { name: "Give a name." })), { failure: (e) => (seen.push(e), null) }, form.set);
    expect(form.status).toEqual([null]);
    expect(seen).toHaveLength(1);
  });
});
