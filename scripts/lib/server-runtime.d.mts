// Types of ./server-runtime.mjs (a plain ES module shared with scripts/start.mjs).
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function withServerRuntime(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
