/** The dashboard feature's server surface: what the home page loads. */
export { dashboardFor, DASHBOARD_EVENTS, DASHBOARD_MOVERS, DASHBOARD_OPEN_ORDERS } from "./server/dashboard";
export { adminStats } from "./server/admin-stats";
export type { DashboardProps, MoverView, MyEventView } from "./types";
