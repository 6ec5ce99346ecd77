export * from "./auth";
export * from "./learn";
