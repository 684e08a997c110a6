/** A fault a fake platform answers with instead of doing what was asked. */
export type RandomFault =
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "http"; status: number };

export interface RandomFaultsOptions {
  /** The share of calls that fail, from 0 to 1. */
  rate: number;
  /** Same seed, same sequence of faults. */
  seed?: number;
  /** The `Retry-After` a rate-limited answer carries. */
  retryAfterSeconds?: number;
}

export interface RandomFaults {
  /** The fault for the next call, or undefined when it goes through. */
  next(): RandomFault | undefined;
  /** How many faults were handed out so far. */
  readonly injected: number;
}

const SERVER_ERRORS = [500, 502, 503] as const;

/**
 * A seeded source of faults for the fake platforms (Slack, GitHub, Linear): a rate-limited answer
 * or a 5xx, in about `rate` of calls. The fault is answered before the call takes effect, as a
 * platform's gateway or rate limiter answers.
 *
 * @example
 * const slack = await startFakeSlack({ faults: createRandomFaults({ rate: 0.1, seed: 7 }) });
 */
export function createRandomFaults({
  rate,
  seed = 1,
  retryAfterSeconds = 1,
}: RandomFaultsOptions): RandomFaults {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`fault rate must be between 0 and 1, got ${rate}`);
  const random = createSeededRandom(seed);
  let injected = 0;
  return {
    next() {
      if (random() >= rate) return undefined;
      injected += 1;
      // A third rate limits, the rest are server errors.
      const pick = random();
      if (pick < 1 / 3) return { kind: "rate_limited", retryAfterSeconds };
      return { kind: "http", status: SERVER_ERRORS[Math.floor(random() * SERVER_ERRORS.length)] ?? 500 };
    },
    get injected() {
      return injected;
    },
  };
}

/** Numbers in [0, 1) from a seed (mulberry32): good enough for picking faults and plans; not for secrets. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
