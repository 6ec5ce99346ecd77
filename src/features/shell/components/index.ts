/** The app frame's browser surface for other features. */
export { applyTheme, currentTheme, type ThemeChoice } from "../theme";
export { sessionEndedPath, useLiveEvents, useLiveStatus, usePollInterval, type LiveStatus } from "./live";
export { LiveIndicator } from "./LiveIndicator";
