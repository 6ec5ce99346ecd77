/**
 * The domain's figures written in SQL, for the refreshes that rank inside the database (boards,
 * leagues). One owner: each mirrors the named domain function exactly, so SQL ranks equal the
 * domain's (tests/integration/ranking.test.ts, leagues.test.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { SHARPE_RANKING_DECIMALS } from "@/domain/ranking";

/** The domain's sharpeForRanking precision (SHARPE_RANKING_DECIMALS), half away from zero. */
export const sharpePrecision = (value: SQL) =>
  sql`(sign(${value}) * floor(abs(${value}) * ${10 ** SHARPE_RANKING_DECIMALS}::float8 + 0.5) / ${10 ** SHARPE_RANKING_DECIMALS}::float8 + 0.0)`;

/**
 * The domain's `carriedTo` (decision 057): an equity of `units` carried to `toUnits` — the same
 * when they are equal, else equity × toUnits / units to the nearest cent, in exact integers.
 */
export function carriedSql(equity: SQL, units: SQL, toUnits: SQL): SQL {
  const num = sql`(((${equity}) * 100)::numeric * ((${toUnits}) * 100000000)::numeric)`;
  const den = sql`(((${units}) * 100000000)::numeric)`;
  // To the nearest cent, half away from zero (div truncates towards zero on integers).
  return sql`(case when (${units}) = (${toUnits}) or (${units}) <= 0 then (${equity})
                   when ${num} >= 0 then div(2 * ${num} + ${den}, 2 * ${den}) / 100.0
                   else -div(-2 * ${num} + ${den}, 2 * ${den}) / 100.0 end)`;
}

/**
 * The domain's `exactReturn` in SQL: (end − start) / start as a float of exact cents (as
 * `moneyRatio` divides), unrounded; null when start ≤ 0. `+ 0.0` turns −0 into 0.
 */
export function returnSql(start: SQL, end: SQL): SQL {
  return sql`(case when (${start}) > 0 then (((${end}) - (${start})) * 100)::float8 / ((${start}) * 100)::float8 + 0.0 end)`;
}

/** The return since the start of a portfolio that opened with `startingCash` and now has `units` (the domain's `returnSinceStart`). */
export const sinceStartSql = (startingCash: SQL, units: SQL, equity: SQL) => returnSql(carriedSql(startingCash, startingCash, units), equity);
