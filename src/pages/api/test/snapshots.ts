/**
 * Test-only snapshot trigger: exists only when TEST_PRICE_CONTROL is on (404 otherwise). Takes
 * the equity snapshots of the aligned instant `at` (default now) as the scheduler would — of
 * every portfolio, or of the caller's `portfolioId` alone, valued now even if `at` is before
 * it was opened — so a browser test sees risk figures and the benchmark line without waiting
 * 15 minutes. Never on by default; the server says so loudly at start-up when it is.
 */
import { z } from "zod";
import { failures } from "@/domain/errors";
import { env } from "@/env";
import { snapshotInstant, snapshotPortfolios, takeSnapshots } from "@/features/portfolio";
import { findPortfolioFor } from "@/features/trading";
import { getDb } from "@/server/db";
import { testSnapshotsAnswer } from "@/server/answers";
import { apiRoute, method } from "@/server/http/api-route";

const DAY_MS = 86_400_000;

export const config = { api: { bodyParser: false } };

export default apiRoute(
  {
    POST: method({
      auth: "user",
      answer: testSnapshotsAnswer,
      docs: {
        summary: "Test only: take equity snapshots now",
        description: "Only with `TEST_PRICE_CONTROL=1` (404 otherwise). Takes the snapshots of the aligned instant `at` (default now, within the last 48 hours) of every portfolio, or of the caller's `portfolioId` alone.",
        response: "200 `{at, written}`",
      },
      input: z.object({ at: z.iso.datetime({ error: "at is an ISO 8601 time." }).optional(), portfolioId: z.string().max(100).optional() }),
      async handler({ input, session }) {
        const now = Date.now();
        const at = input.at ? new Date(input.at) : new Date(now);
        // Two days back: a test can fill a whole day of hourly snapshots (the 1D range starts at the hour before 24 hours ago).
        if (at.getTime() > now || at.getTime() < now - 2 * DAY_MS) throw failures.invalid("Snapshots can be taken for the last 48 hours only.", { at: "Within the last 48 hours." });
        const instant = snapshotInstant(at);
        const db = await getDb();
        if (input.portfolioId) {
          const portfolio = await findPortfolioFor(db, input.portfolioId, session.user, "trade");
          await snapshotPortfolios(db, [portfolio.id], instant);
          return { body: { at: instant.toISOString(), written: 1 } };
        }
        return { body: { at: instant.toISOString(), written: await takeSnapshots(db, instant) } };
      },
    }),
  },
  // Test-only: 404 unless TEST_PRICE_CONTROL is on.
  { onlyWhen: () => env().TEST_PRICE_CONTROL },
);
