/** The leagues feature's server surface (docs/decisions/045-leagues.md): the precomputed weekly leagues and the view served from them. */
export { LEAGUE_REFRESH_MS, LEAGUE_ROLLOVER_MS, refreshLeagues, rolloverLeagues, type LeagueRefreshOptions } from "./server/refresh";
export { leagueOf } from "./server/queries";
export { leaguesPersonalData } from "./server/personal-data";
export type { LeagueRow, LeagueTierInfo, LeagueView, LeagueZone } from "./types";
