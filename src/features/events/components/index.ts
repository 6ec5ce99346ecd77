/** The events feature's browser surface for other features (the dashboard's "my events"). */
export { CountdownText, timeLeft, useRefreshWhenDue, useServerClock } from "./countdown";
export { PHASE_LABEL } from "./format";
export type { EventView } from "./types";
export { ReportCard, ReportCardList } from "./ReportCard";
export type { ReportCardIndexView, ReportCardView } from "./types";
export { eventEndpoints } from "./endpoints";
