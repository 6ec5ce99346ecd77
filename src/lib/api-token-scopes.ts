/**
 * What a personal API token may be allowed to do (docs/decisions/031-api-tokens.md): the one
 * list, read by the database schema, the input rules and the settings form.
 */
export const API_TOKEN_SCOPES = ["read", "trade", "admin"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read: portfolios, orders, market data, events, rankings",
  trade: "Trade: place and cancel orders, reset a portfolio, watchlist, join events",
  admin: "Admin: the admin API (admins only)",
};

/** The expiries the settings form offers; the API takes any whole number of days up to the maximum. */
export const API_TOKEN_EXPIRY_CHOICES = [7, 30, 90, 365] as const;
export const API_TOKEN_MAX_DAYS = 365;
/** Tokens one person may have working at once. */
export const API_TOKEN_MAX_ACTIVE = 20;
