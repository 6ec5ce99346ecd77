/**
 * Every board explains its metric in one sentence (issue #13): the ranking page and the event
 * page both say it from here, so a board and its explanation cannot drift apart.
 */
import type { RankingPeriod } from "./periods";

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
        ? "Ranked by Sharpe ratio: return per unit of risk, so steady gains beat lucky swings (n/a ranks last, then by return)."
        : "Ranked by total return since the event started; ties go to whoever joined first.";
  }
}
