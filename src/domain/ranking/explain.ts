/**
 * Every board explains its metric in one sentence (issue #13): the ranking page and the event
 * page both say it from here, so a board and its explanation cannot drift apart.
 */
import type { RankingPeriod } from "./periods";
import { BOARD_SHARPE_SQL } from "./sharpe";

export type ExplainedBoard =
  | { kind: "practice"; period: RankingPeriod }
  | { kind: "xp"; period: "all" | "week" }
  | { kind: "event"; metric: "return" | "sharpe" };

const SINCE: Record<RankingPeriod, string> = {
  day: "since 00:00 UTC today",
  week: "since Monday 00:00 UTC",
  month: "since the 1st of the month, 00:00 UTC",
  all: "since the portfolio was opened",
};

/** One plain sentence: what the board ranks by, and over which time. */
export function boardMetricSentence(board: ExplainedBoard): string {
  switch (board.kind) {
    case "practice":
      return `Ranked by the practice portfolio's return ${SINCE[board.period]}.`;
    case "xp":
      return board.period === "week" ? "Ranked by XP earned from lessons and quizzes since Monday 00:00 UTC." : "Ranked by all the XP earned from lessons and quizzes.";
    case "event":
      return board.metric === "sharpe"
        ? `Ranked by Sharpe ratio (return per unit of risk, from hourly returns), so steady gains beat lucky swings; anyone with under ${BOARD_SHARPE_SQL.minReturns} hours of history is not yet ranked by it and follows, by return. Ties share a rank.`
        : "Ranked by total return since the event started; ties share a rank.";
  }
}
