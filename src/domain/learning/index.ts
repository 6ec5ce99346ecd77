export * from "./reading";
export * from "./scoring";
export * from "./streak";
export * from "./xp";
export * from "./next-lesson";
export * from "./draw";
export * from "./cool-down";
export * from "./feedback";
