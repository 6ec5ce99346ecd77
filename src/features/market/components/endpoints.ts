/** The market routes other features' pages call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const marketEndpoints = {
  candles: endpoint("GET", "/api/instruments/{symbol}/candles", "candlesAnswer"),
};
