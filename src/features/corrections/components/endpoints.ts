/** The routes this feature's pages call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const correctionEndpoints = {
  list: endpoint("GET", "/api/portfolios/{id}/corrections", "correctionsPage"),
  adjust: endpoint("POST", "/api/portfolios/{id}/adjustments", "correctionAnswer"),
  reverse: endpoint("POST", "/api/portfolios/{id}/fills/{fillId}/reversal", "correctionAnswer"),
};
