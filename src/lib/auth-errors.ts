/**
 * Human messages for every error that can reach /login?error= or /api/auth/error?error=.
 * The specification names next-auth's server-side error classes; the codes next-auth puts
 * in the address are different words for the same failures, so both are mapped.
 */
export const SIGN_IN_ERROR_MESSAGES: Record<string, string> = {
  // Codes next-auth v4 puts in the address.
  Signin: "Sign-in could not start. Please try again.",
  OAuthSignin: "We could not start sign-in with that provider. Please try again.",
  OAuthCallback: "The provider's answer could not be used to sign you in. Please try again.",
  OAuthCreateAccount: "We could not create an account from that provider. Please try another way.",
  EmailCreateAccount: "We could not create an account for that address. Please try again.",
  Callback: "Sign-in could not be completed. Please try again.",
  OAuthAccountNotLinked:
    "That email address already has an account here. Sign in the way you did before; you can link other sign-in methods in Settings.",
  EmailSignin: "We could not send the sign-in email. Please check the address and try again.",
  CredentialsSignin: "That email or username and password do not match. Check them and try again.",
  SessionRequired: "Please sign in to see that page.",
  Verification: "That sign-in link is no longer valid. It may have been used already or have expired. Request a new one.",
  Configuration: "Sign-in is not configured correctly on this server. Please tell the administrator.",
  AccessDenied: "You are not allowed to sign in. If you think this is a mistake, contact an administrator.",
  Default: "Something went wrong while signing you in. Please try again.",
  // next-auth's server-side error names, as the specification lists them (section 8).
  UnknownError: "Something unexpected went wrong while signing you in. Please try again.",
  OAuthCallbackError: "The provider's answer could not be used to sign you in. Please try again.",
  AccountNotLinkedError:
    "That email address already has an account here. Sign in the way you did before; you can link other sign-in methods in Settings.",
  MissingAPIRouteError: "Sign-in is not set up correctly on this server (missing API route). Please tell the administrator.",
  MissingSecretError: "Sign-in is not set up correctly on this server (no secret configured). Please tell the administrator.",
  NO_SECRET: "Sign-in is not set up correctly on this server (no secret configured). Please tell the administrator.",
  MissingAuthorizeError: "Password sign-in is not set up correctly on this server. Please tell the administrator.",
  MissingAdapterError: "Email sign-in is not set up correctly on this server. Please tell the administrator.",
  MissingAdapterMethodsError: "Email sign-in is not set up correctly on this server. Please tell the administrator.",
  UnsupportedStrategyError: "This sign-in method is not supported with the server's session settings. Please tell the administrator.",
  InvalidCallbackUrl: "The page you were sent back to is not part of this site, so we stopped there.",
  // Our own.
  CsrfFailed: "Your sign-in form expired (security check failed). Please try again.",
  TooManyAttempts: "Too many attempts. Please wait a while before you try again.",
  AccountDisabled: "This account has been disabled. Contact an administrator.",
  DatabaseUnavailable: "Tickerlab can't reach its database right now. Please try again in a few seconds.",
};

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return SIGN_IN_ERROR_MESSAGES[code] ?? SIGN_IN_ERROR_MESSAGES.Default!;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
