/**
 * A small seeded PRNG: sfc32 (Chris Doty-Humphrey's Small Fast Counter, from PractRand),
 * seeded by hashing a string with cyrb128 (bryc). Its whole state is four 32-bit words, so
 * the simulator can store it and resume a restart exactly where it stopped.
 *
 * Not cryptographic. Secrecy of future prices comes from keeping the seed secret; sfc32
 * passes PractRand and BigCrush, which is what a price process needs.
 */

/** Four unsigned 32-bit words; plain numbers so the state survives JSON unchanged. */
export type RngState = readonly [number, number, number, number];

/** cyrb128: a 128-bit non-cryptographic string hash, used only to spread a seed over the state. */
export function cyrb128(text: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class RngStateError extends Error {}

/**
 * The generator. It mutates itself as it draws (that is what makes it cheap); pure code
 * creates one from a stored state, draws, and stores `state()` again.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    if (state.length !== 4 || state.some((word) => !Number.isInteger(word) || word < 0 || word > 0xffffffff)) {
      throw new RngStateError("An RNG state is four whole numbers from 0 to 2^32 − 1.");
    }
    [this.a, this.b, this.c, this.d] = state;
  }

  /** The next 32 random bits as an unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * A standard normal draw (Box–Muller). The second value of each pair is thrown away so
   * that the state stays four words; speed is not the bottleneck here.
   */
  normal(): number {
    const u1 = 1 - this.next(); // (0, 1]: log(0) is not a number
    const u2 = this.next();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** A Poisson count with the given mean, by inversion from one uniform (small means only). */
  poisson(mean: number): number {
    if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`A Poisson mean must be a non-negative number, got ${mean}.`);
    const u = this.next();
    let k = 0;
    let probability = Math.exp(-mean);
    let cumulative = probability;
    // The cap guards a pathological mean; the simulator's means are far below 1.
    while (u >= cumulative && k < 1000) {
      k += 1;
      probability *= mean / k;
      cumulative += probability;
    }
    return k;
  }

  state(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

/** The state for a seed, after the customary warm-up that mixes a weak hash out of sfc32's start. */
export function seedRng(seed: string): RngState {
  const rng = new Rng(cyrb128(seed));
  for (let i = 0; i < 15; i++) rng.nextUint32();
  return rng.state();
}

export function createRng(seed: string): Rng {
  return new Rng(seedRng(seed));
}
