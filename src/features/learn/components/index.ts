/** The learn feature's browser surface for other features. */
export { LearnerStats, type LearnerSummary } from "./LearnerStats";
