/**
 * A benchmark that runs the engine in its own process (bench/tick.ts) runs Node as the app's
 * server does (scripts/lib/server-runtime.mjs): started without the server's flags, it runs
 * itself again with them. Call it before anything reads or changes the environment.
 */
import { spawnSync } from "node:child_process";
import { SERVER_NODE_FLAGS, withServerRuntime } from "../../scripts/lib/server-runtime.mjs";

export function asTheServerRuns(): void {
  const own = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  if (SERVER_NODE_FLAGS.every((flag) => own.includes(flag.split("=")[0]!))) return;
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit", env: withServerRuntime(process.env) });
  process.exit(run.status ?? 1);
}
