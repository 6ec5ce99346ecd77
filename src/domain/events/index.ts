/**
 * The events domain: what an event is and its validation, its lifecycle at exact instants,
 * the trading rules its portfolios use, who may join, which edits are locked once live,
 * join codes and slugs, and a replay event's clock. Pure; clock and randomness come in.
 */
export { formatJoinCode, generateJoinCode, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, CodeEntropyError, normalizeJoinCode, SLUG_MAX_LENGTH, slugify } from "./codes";
export {
  DEFAULT_EVENT_STARTING_CASH,
  DESCRIPTION_MAX_LENGTH,
  EVENT_METRICS,
  EVENT_VISIBILITIES,
  eventDraftOf,
  isCalendarDate,
  MAX_COMMISSION_BPS,
  MAX_COMMISSION_FLAT,
  MAX_EVENT_DURATION_MS,
  MAX_INSTRUMENTS,
  MAX_MIN_HOLD_MINUTES,
  MAX_MIN_HOLDINGS,
  MAX_MIN_SHARE_PRICE,
  MAX_TRADES_PER_DAY,
  MAX_PARTICIPANTS,
  MAX_POSITION_PCT,
  MAX_REPLAY_DATASETS,
  MAX_REPLAY_SPEED,
  MAX_STARTING_CASH,
  MIN_PARTICIPANTS,
  MIN_POSITION_PCT,
  MIN_REPLAY_SPEED,
  MIN_STARTING_CASH,
  TITLE_MAX_LENGTH,
  TITLE_MIN_LENGTH,
  validateEventDefinition,
  type EventDefinition,
  type EventDraft,
  type EventMetric,
  type EventValidation,
  type EventVisibility,
  type ReplaySettings,
  type ValidateOptions,
} from "./definition";
export { checkJoin, JOIN_REFUSAL_CODES, type JoinContext, type JoinDecision, type JoinRefusal, type JoinRefusalCode } from "./join";
export { countdown, durationParts, eventPhase, eventStatus, msUntilEnd, msUntilStart, type Countdown, type DurationParts, type EventPhase, type EventWindow } from "./lifecycle";
export {
  changedFields,
  END_IN_PAST_REASON,
  ENDED_LOCK_REASON,
  EVENT_FIELDS,
  LIVE_LOCK_REASONS,
  lockedChanges,
  lockedFields,
  lockedFieldsWhenEnded,
  lockedFieldsWhenLive,
  type EventField,
  type LockContext,
  type LockedChange,
} from "./locks";
export { createEventReplay, eventReplayOptions, secondsPerTradingDay, tradingDaysInWindow } from "./replay";
export { FIRST_DAY_MS, hasConductRules, tradingRulesFor, type EventRulesOptions } from "./rules";
export { isEventListed, mayViewEvent, type EventViewer, type VisibleEvent } from "./visibility";
export {
  checkTeamJoin,
  checkTeamSizes,
  dealTeams,
  planRandomTeams,
  type RandomTeamsPlan,
  TEAM_NAME_MAX_LENGTH,
  TEAM_REFUSAL_CODES,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  teamSizesOf,
  teamTradingRefusal,
  type TeamDecision,
  type TeamSizes,
} from "./teams";
