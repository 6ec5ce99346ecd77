/** The ranking feature's server surface: precomputed boards (refresh) and the pages served from them. */
export { boardGroup, boardSizeSql, eventBoard, eventTieKeySql, LEAGUES_GROUP, sharedStandingRanksSql, hidesNameSql, onGlobalBoardsSql, practiceBoard, utcDay, XP_PERIODS, xpBoard, type XpPeriod } from "./server/boards";
export {
  DAILY_RANK_RETENTION_DAYS,
  EVENT_REFRESH_MS,
  PRACTICE_REFRESH_MS,
  refreshAllBoards,
  refreshEventBoard,
  refreshLiveEventBoards,
  refreshPracticeAndXp,
  refreshPracticeBoards,
  refreshXpBoards,
  type RefreshOptions,
} from "./server/refresh";
export {
  defaultBoardOf,
  eventStatus,
  handleSalt,
  leaderboardPage,
  ownRanks,
  rankableEvents,
  type BoardRequest,
  type EventChoice,
  type EventStatus,
  type OwnRank,
  type RankingPage,
  type RankingRow,
  type Viewer,
} from "./server/queries";
export { practiceTopPlaces, type PracticePlace } from "./server/practice-boards";
export { rankingPersonalData } from "./server/personal-data";
/** The domain's figures in SQL, for another refresh that ranks in the database (leagues). */
export { carriedSql, returnSql, sharpePrecision } from "./server/figures-sql";
/** How another board (leagues) plugs into the rebuilt, swapped-in partitions (decision 047). */
export { boardsPartition, lockRebuilds, rebuildBoards } from "./server/rebuild";
/** How another refresh (leagues) runs only when what it counts changed (decision 049). */
export { boardCurrentAtSql, claimRefresh, completeRefresh, type RefreshClaim } from "./server/refresh-state";
export { ownEventRanks, type EventRank, type EventRankRequest } from "./server/event-ranks";
/** A live event's board as stored whole (decision 094): decoded here, as rows for another statement, and left at once. */
export { dropFromEventBoard, eventBoardRowsSql, eventBoardView, type EventBoardView, withEventBoard } from "./server/event-boards";
