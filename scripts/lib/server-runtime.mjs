// How the app's server process runs Node (docs/decisions/088): `npm start`, the test servers and
// the benchmarks that run the engine in their own process all take it from here.
//
// A young generation of 64 MB semi-spaces instead of V8's default 16 MB: a tick's settlement
// allocates ~60 MB, most of it dead by the chunk's commit, but three chunks in flight keep their
// rows alive through every scavenge of a small young generation, which copied and promoted them
// 4–5 times a tick (bench/tick.ts with --trace-gc: 18 scavenges of 10–50 ms in four ticks, 5 with
// 64 MB). The space grows only under allocation: an idle server's memory is unchanged.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/** `env` with the server's Node flags in NODE_OPTIONS (an operator's own setting of the same flag wins). */
export function withServerRuntime(env) {
  const own = env.NODE_OPTIONS ?? "";
  const added = SERVER_NODE_FLAGS.filter((flag) => !own.includes(flag.split("=")[0]));
  return added.length === 0 ? env : { ...env, NODE_OPTIONS: [own, ...added].filter(Boolean).join(" ") };
}
