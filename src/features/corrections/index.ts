/** The corrections feature's server surface (docs/decisions/041-corrections.md): who may correct, and the API's use-cases. */
export { adjustCash, correctionsOf, fillsForCorrector, reverseFill, type Viewer } from "./server/corrections";
export { adjustmentInput, reversalInput, type AdjustmentInput } from "./server/schemas";
