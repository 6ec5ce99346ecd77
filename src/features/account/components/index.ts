/** The account feature's browser surface for other features. */
export { VerifyEmailBanner } from "./VerifyEmailBanner";
export { AccountDeleted } from "./AccountDeleted";
