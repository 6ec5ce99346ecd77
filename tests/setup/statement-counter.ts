/**
 * Counting the statements a piece of work sends (statement-count tests): pass `onQuery` to
 * useTestDatabase and wrap the work in `statementsOf`. The live-updates hub's reads of
 * live_events are left out: the hub reads after any commit, and on PostgreSQL every 2 s
 * unwoken, whatever the work (docs/decisions/078), so one could land inside the counted span.
 */
export function statementCounter() {
  const sent: string[] = [];
  let counting = false;
  return {
    onQuery: (query: string) => {
      if (counting) sent.push(query);
    },
    async statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      sent.length = 0;
      counting = true;
      try {
        const result = await work();
        return { result, statements: sent.filter((query) => !/\bfrom live_events\b/.test(query)) };
      } finally {
        counting = false;
      }
    },
  };
}
