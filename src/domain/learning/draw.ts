/**
 * Drawing a quiz attempt from a lesson's question bank (docs/decisions/043-quiz-banks.md).
 * Pure and seeded: the same bank, seed and avoid-list always give the same draw, so tests can
 * pin one down; the server stores what it drew (question ids and option order), not the seed.
 */
import { createRng, type Rng } from "../market";

/** Questions one attempt asks when the bank has enough; a smaller bank is asked whole. */
export const QUESTIONS_PER_ATTEMPT = 4;

/** A bank should hold at least this many attempts' worth, so a retry is not the same quiz. */
export const BANK_FACTOR = 2;

/** How big a bank should be for a lesson: the editor warns below this. */
export function recommendedBankSize(questionsPerAttempt = QUESTIONS_PER_ATTEMPT): number {
  return questionsPerAttempt * BANK_FACTOR;
}

export interface BankQuestion {
  id: string;
  options: ReadonlyArray<{ id: string }>;
}

/** One drawn question: its id and the order its options are shown in. */
export interface DrawnQuestion {
  questionId: string;
  optionIds: string[];
}

export interface DrawOptions {
  /** Any integer; the server picks one at random per draw. */
  seed: number;
  size?: number;
  /** Questions seen in the previous attempt: drawn only when the rest of the bank runs short. */
  avoid?: readonly string[];
}

/** Fisher–Yates over a copy. */
function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Chooses `size` questions (fresh ones first, then as few of the avoided as needed), in a
 * random order, each with its options in a random order.
 */
export function drawAttempt(bank: readonly BankQuestion[], { seed, size = QUESTIONS_PER_ATTEMPT, avoid = [] }: DrawOptions): DrawnQuestion[] {
  // The market's seeded generator (domain/market/rng.ts), the one PRNG of the codebase.
  const rng = createRng(`quiz-draw:${seed}`);
  const avoided = new Set(avoid);
  const fresh = shuffle(
    bank.filter((q) => !avoided.has(q.id)),
    rng,
  );
  const seen = shuffle(
    bank.filter((q) => avoided.has(q.id)),
    rng,
  );
  const chosen = shuffle([...fresh, ...seen].slice(0, Math.max(0, size)), rng);
  return chosen.map((q) => ({
    questionId: q.id,
    optionIds: shuffle(
      q.options.map((o) => o.id),
      rng,
    ),
  }));
}
