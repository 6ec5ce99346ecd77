/** The admin feature's browser surface: its page styles, shared by every admin screen. */
export { default as adminStyles } from "./admin.module.css";
