/** The routes this feature's pages call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const portfolioEndpoints = {
  practice: endpoint("GET", "/api/portfolio", "summaryAnswer"),
  summary: endpoint("GET", "/api/portfolios/{id}", "summaryAnswer"),
  orders: endpoint("GET", "/api/portfolios/{id}/orders", "ordersPage"),
  placeOrder: endpoint("POST", "/api/portfolios/{id}/orders", "orderPlaced"),
  cancelOrder: endpoint("DELETE", "/api/portfolios/{id}/orders/{orderId}", "orderAnswer"),
  fills: endpoint("GET", "/api/portfolios/{id}/fills", "fillsPage"),
  performance: endpoint("GET", "/api/portfolios/{id}/performance", "performanceAnswer"),
  corporateActions: endpoint("GET", "/api/portfolios/{id}/corporate-actions", "portfolioActionsAnswer"),
  reset: endpoint("POST", "/api/portfolios/{id}/reset", "summaryAnswer"),
};
