/** The app frame's browser surface for other features. */
export { applyTheme, currentTheme, type ThemeChoice } from "../theme";
