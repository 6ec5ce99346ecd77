/** The market feature's browser surface for other features. */
export type { Candle } from "./types";
export { marketEndpoints } from "./endpoints";
