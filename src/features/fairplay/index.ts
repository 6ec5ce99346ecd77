/** The fair-play monitor's server surface (docs/decisions/046-fair-play-monitor.md): the scheduler task, the review routes and the notices. */
export { FAIRPLAY_EVERY_MS, MONITOR_ENDED_WITHIN_MS, runFairPlayMonitor } from "./server/monitor";
export { eventFlagsFor, fairPlayNoticesFor, openFlagCountFor, practiceFlagsFor, reviewFlag, type FairPlayNotice, type FlagView } from "./server/flags";
export { reviewFlagInput, type ReviewFlagInput } from "./server/schemas";
export { fairPlayPersonalData } from "./server/personal-data";
