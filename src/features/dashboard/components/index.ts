/** The dashboard's browser surface: the home page renders it. */
export { Dashboard } from "./Dashboard";
