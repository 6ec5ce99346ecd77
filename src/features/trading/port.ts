/**
 * The engine's port: what it must know about a portfolio beyond its own rows — the rules it
 * trades under, where its prices come from, whether it may trade at all — without knowing
 * who decides. Events (an event portfolio's rules, window, participant and replay) and
 * learn (the short-selling lesson) implement it; the composition root (src/wiring.ts) wires
 * them in once per process. The engine resolves a portfolio's context ONCE per transaction;
 * a practice portfolio's costs the margin setting's read (none when the caller read it in its
 * own statement, as the order path does) and the lesson check when it shorts.
 */
import { DomainError } from "@/domain/errors";
import { type PracticeMargin, practiceRules, type Side, type TradingRules } from "@/domain/trading";
import type { DbOrTx } from "@/server/db";
import { readSetting } from "@/server/settings";
import { practiceSource, type PriceSource } from "./pricing";
import type { PortfolioRow } from "./rows";

/** Everything the engine needs about one portfolio for one transaction. */
export interface PortfolioContext {
  readonly portfolio: PortfolioRow;
  readonly priceSource: PriceSource;
  /** The rules an order of this side is judged by. */
  rules(side: Side): TradingRules;
  /** Throws (a DomainError) when the portfolio may not trade at all, e.g. a removed participant. */
  assertMayTrade(): void;
  /** Its event has ended: its figures are final (valued at the end's prices, marks.ts). */
  readonly final: boolean;
  readonly now: Date;
}

/** What an event says about one of its portfolios. */
export interface EventPortfolioFacts {
  rules(shortingUnlocked: boolean): TradingRules;
  /** The event's replay; null when it trades on the practice market. */
  priceSource: PriceSource | null;
  /** Why it may not trade (removed by the organiser), or null. */
  refusal: DomainError | null;
  /** The event has ended and its standings are frozen. */
  final: boolean;
}

export interface TradingPorts {
  events: {
    /** Facts for the event portfolios among `portfolios` (one query for all of them). */
    factsFor(db: DbOrTx, portfolios: readonly PortfolioRow[], now: Date): Promise<Map<string, EventPortfolioFacts>>;
    /** The teams this person is a member of (decision 042): who, besides its owner, holds a team's portfolio. */
    teamIdsOf(db: DbOrTx, userId: string): Promise<string[]>;
    /** The same for many people in one statement (a person in no team is absent): every open live stream's heartbeat. */
    teamIdsOfPeople(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string[]>>;
    /**
     * Events on the practice market, not yet finalised, live at some instant of [from, to), whose
     * rules accrue interest or borrow fees (decision 070): their portfolios' day is booked.
     */
    accruingEventIds(db: DbOrTx, window: { from: Date; to: Date }): Promise<string[]>;
  };
  learn: {
    /** The people among `userIds` who unlocked short selling. */
    shortingUnlocked(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>>;
    /** The people among `userIds` who unlocked the advanced order types: trailing stops, bracket, OCO, OTO (decision 065). */
    advancedOrdersUnlocked(db: DbOrTx, userIds: readonly string[]): Promise<Set<string>>;
  };
}

const KEY = Symbol.for("tickerlab.tradingPorts");
type Holder = { [KEY]?: TradingPorts };

/** Called by the composition root; kept on globalThis because Next bundles routes and jobs apart. */
export function wireTrading(ports: TradingPorts): void {
  (globalThis as Holder)[KEY] = ports;
}

export function ports(): TradingPorts {
  const wired = (globalThis as Holder)[KEY];
  if (!wired) throw new Error("The trading engine's ports are not wired: call wireApp() from src/wiring.ts at start-up.");
  return wired;
}

export interface ResolveOptions {
  now: Date;
  /** Portfolios that will judge a short: only those need the lesson check. */
  shorting?: (portfolio: PortfolioRow) => boolean;
  /** Portfolios placing an advanced order type: only those need the advanced-orders lesson check (decision 065). */
  advanced?: (portfolio: PortfolioRow) => boolean;
  /**
   * The practice market's margin setting, when the caller read it already (the order path's
   * snapshot does, in its one statement); left out, it is read here when a practice portfolio
   * is among those given.
   */
  practiceMargin?: PracticeMargin | null;
}

/** The context of every portfolio given, with at most one query to events and one to learn. */
export async function resolveContexts(db: DbOrTx, portfolios: readonly PortfolioRow[], options: ResolveOptions): Promise<Map<string, PortfolioContext>> {
  const wired = ports();
  const eventOnes = portfolios.filter((p) => p.kind === "event");
  const needLesson = portfolios.filter((p) => options.shorting?.(p) ?? false);
  const needAdvanced = portfolios.filter((p) => options.advanced?.(p) ?? false);
  const needMargin = options.practiceMargin === undefined && portfolios.some((p) => p.kind !== "event");
  const [facts, unlocked, advancedUnlocked, practiceMargin] = await Promise.all([
    eventOnes.length > 0 ? wired.events.factsFor(db, eventOnes, options.now) : Promise.resolve(new Map<string, EventPortfolioFacts>()),
    needLesson.length > 0 ? wired.learn.shortingUnlocked(db, [...new Set(needLesson.map((p) => p.userId))]) : Promise.resolve(new Set<string>()),
    needAdvanced.length > 0 ? wired.learn.advancedOrdersUnlocked(db, [...new Set(needAdvanced.map((p) => p.userId))]) : Promise.resolve(null),
    needMargin ? readSetting(db, "practiceMargin") : Promise.resolve(options.practiceMargin ?? null),
  ]);
  const contexts = new Map<string, PortfolioContext>();
  for (const portfolio of portfolios) {
    const lessonChecked = needLesson.includes(portfolio);
    const shortingUnlocked = unlocked.has(portfolio.userId);
    const fact = facts.get(portfolio.id);
    if (portfolio.kind === "event" && !fact) throw new DomainError("not-found", "NOT_FOUND", "There is no such portfolio.");
    const cache = new Map<Side, TradingRules>();
    contexts.set(portfolio.id, {
      portfolio,
      now: options.now,
      priceSource: fact?.priceSource ?? practiceSource,
      final: fact?.final ?? false,
      rules(side) {
        let rules = cache.get(side);
        if (!rules) {
          if (side === "short" && !lessonChecked) throw new Error("A short was judged without resolving the short-selling lesson (ResolveOptions.shorting).");
          // Only a short needs the lesson: every other side is judged as if unlocked.
          const unlockedForSide = side === "short" ? shortingUnlocked : true;
          rules = fact
            ? fact.rules(unlockedForSide)
            : practiceRules({ shortingUnlocked: unlockedForSide, margin: practiceMargin, borrowing: portfolio.cash.startsWith("-") || portfolio.marginCallAt !== null });
          // Only a placement of an advanced type asks; everything else is judged as if unlocked (the field absent).
          if (advancedUnlocked && needAdvanced.includes(portfolio)) rules = { ...rules, advancedOrdersUnlocked: advancedUnlocked.has(portfolio.userId) };
          cache.set(side, rules);
        }
        return rules;
      },
      assertMayTrade() {
        if (fact?.refusal) throw fact.refusal;
      },
    });
  }
  return contexts;
}
