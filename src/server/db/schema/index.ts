export * from "./auth";
export * from "./learn";
export * from "./market";
export * from "./trading";
export * from "./events";
export * from "./classes";
export * from "./settings";
export * from "./leagues";
