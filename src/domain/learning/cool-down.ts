/**
 * The quiz cool-down: after `afterFailures` failed attempts in a row, the next attempt waits
 * `minutes` after the last of them. A pass ends the run of failures.
 */
export interface CoolDownRule {
  afterFailures: number;
  minutes: number;
}

/**
 * @param recent the person's latest submitted attempts at this quiz, newest first.
 * @returns when the next attempt may start, or null when it may start now.
 */
export function coolDownUntil(recent: ReadonlyArray<{ passed: boolean; at: Date }>, rule: CoolDownRule, now: Date): Date | null {
  if (rule.afterFailures <= 0 || rule.minutes <= 0) return null;
  const run = recent.slice(0, rule.afterFailures);
  if (run.length < rule.afterFailures || run.some((a) => a.passed)) return null;
  const until = new Date(run[0]!.at.getTime() + rule.minutes * 60_000);
  return until > now ? until : null;
}
