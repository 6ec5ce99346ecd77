import { buildingAPortfolio } from "./building-a-portfolio";
import { marketsBasics } from "./markets-basics";
import { placingTrades } from "./placing-trades";
import type { SeedCourse } from "./types";

/** The curriculum that ships with Tickerlab, in catalogue order. */
export const curriculum: readonly SeedCourse[] = [marketsBasics, placingTrades, buildingAPortfolio];
