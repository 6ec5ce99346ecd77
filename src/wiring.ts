/**
 * The composition root's wiring: the trading engine's port (features/trading/port.ts) is
 * implemented by events (an event portfolio's rules, replay prices and participant) and
 * learn (the short-selling lesson); the live hub reads portfolio changes through trading. boot.ts calls this at start-up; tests and benchmarks that
 * run the engine in-process call it too. It may import every feature; nothing below imports it.
 */
import { eventsTradingPort } from "@/features/events";
import { ADVANCED_ORDERS, SHORT_SELLING, unlockedFor } from "@/features/learn";
import { portfolioChanges, wireTrading } from "@/features/trading";
import { wirePortfolioChanges } from "@/server/realtime/hub";

export function wireApp(): void {
  // The live streams' portfolio messages: the trading writer stores what it wrote by id (decision 087).
  wirePortfolioChanges(portfolioChanges);
  wireTrading({
    events: eventsTradingPort,
    learn: {
      shortingUnlocked: (db, userIds) => unlockedFor(db, SHORT_SELLING, userIds),
      advancedOrdersUnlocked: (db, userIds) => unlockedFor(db, ADVANCED_ORDERS, userIds),
    },
  });
}
