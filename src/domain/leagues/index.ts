/**
 * The leagues domain (docs/decisions/045-leagues.md): weekly groups of about thirty people in
 * five tiers, points for learning and good practice (never raw return), the group order and
 * its ties, the week's moves up and down, and what it takes to move up. Pure; the server
 * precomputes standings in SQL by these rules.
 */
export { LEAGUE_GROUP_SIZE, LEAGUE_MOVES, LEAGUE_TIERS, moveOf, movePlaces, nextTier, tierName, TOP_TIER, type LeagueTier, type Move, type TierLevel } from "./tiers";
export {
  DAY_MS,
  DIVERSIFICATION_MAX_HOLDINGS,
  DIVERSIFICATION_POINTS,
  diversificationPoints,
  effectiveHoldings,
  JOURNAL_MAX_ORDERS,
  JOURNAL_POINTS,
  journalPoints,
  leaguePoints,
  leagueSharpe,
  RISK_MAX_UNITS,
  RISK_POINTS,
  RISK_WINDOW_DAYS,
  riskPoints,
  riskWindow,
  type LeaguePoints,
  type PointsFacts,
} from "./points";
export { compareMembers, groupCount, groupOfPosition, moveUpHint, moveUpSentence, LEAGUE_MIN_SIZE, newcomerGroup, newcomerTier, ordinal, rankGroup, settleTiers, type LeagueMember, type MoveUpHint } from "./standings";
export { leagueWeekEnd, leagueWeekKey, leagueWeekStart } from "./week";
