export * from "./analytics";
export * from "./matching";
export * from "./money";
export * from "./orders";
export * from "./portfolio";
export * from "./rules";
export * from "./history";
