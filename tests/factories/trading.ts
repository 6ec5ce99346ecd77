import { randomBytes } from "node:crypto";
import { parseMoney } from "@/domain/trading";
import { openPortfolio } from "@/features/trading";
import type { Db } from "@/server/db";
import { instruments } from "@/server/db/schema";
import { createTestUser } from "./users";

type NewInstrument = typeof instruments.$inferInsert;

/** Symbols handed out in this process (a test file's database): never twice. */
const issued = new Set<string>();

/**
 * A fresh fictional symbol: "T" and four random letters (the market's symbols are 2 to 5 letters).
 * Only 26⁴ of them: a file that makes a few hundred drew one twice now and then (a CI failure:
 * "Key (symbol)=(TVMGS) already exists"), so a repeat is drawn again.
 */
function freshSymbol(): string {
  for (;;) {
    const symbol = `T${Array.from(randomBytes(4))
      .map((b) => String.fromCharCode(65 + (b % 26)))
      .join("")}`;
    if (!issued.has(symbol)) {
      issued.add(symbol);
      return symbol;
    }
  }
}

/** A fictional instrument at 100.00 (previous close too), unless told otherwise. */
export function buildInstrument(overrides: Partial<NewInstrument> = {}): NewInstrument {
  const price = overrides.lastPrice ?? "100.00";
  return {
    symbol: freshSymbol(),
    name: "Test Instrument Co",
    sector: "Technology",
    kind: "stock",
    active: true,
    startingPrice: price,
    drift: 0.08,
    volatility: 0.3,
    beta: 1,
    sectorLoading: 1,
    // Unknown volume (0): fills whole with the half-spread only, so the figures of tests about
    // other rules stay round. Liquidity tests set a volume (tests/integration/partial-fills.test.ts).
    averageDailyVolume: 0,
    lastPrice: price,
    previousClose: price,
    ...overrides,
  };
}

export async function createInstrument(db: Db, overrides: Partial<NewInstrument> = {}) {
  const [row] = await db.insert(instruments).values(buildInstrument(overrides)).returning();
  return row!;
}

/** A practice portfolio (opened by the engine, with its deposit in the ledger) for a new person unless `userId` is given. */
export async function createPortfolio(db: Db, options: { userId?: string; cash?: string } = {}) {
  const userId = options.userId ?? (await createTestUser(db)).id;
  const row = await db.transaction((tx) => openPortfolio(tx, { userId, kind: "practice", startingCash: parseMoney(options.cash ?? "100000.00") }));
  if (!row) throw new Error("This person already has a practice portfolio.");
  return row;
}
