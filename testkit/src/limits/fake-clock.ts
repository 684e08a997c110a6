/** Milliseconds since the epoch, as the fakes' rate limits count time. */
export type FakeClock = () => number;

/**
 * A clock that runs `speed` times faster than the wall clock from the moment it is made, so that a
 * test can see an hourly limit refill within seconds. At speed 1 it is `Date.now`.
 *
 * @example
 * const clock = createSpedUpClock(60); // an hour of refill per real minute
 * const slack = await startFakeSlack({ rateLimits: { clock } });
 */
export function createSpedUpClock(speed: number): FakeClock {
  if (!(speed > 0)) throw new RangeError(`createSpedUpClock needs a positive speed, got ${speed}.`);
  const start = Date.now();
  return () => start + (Date.now() - start) * speed;
}

/** A clock a test moves by hand (`advance`), for limits checked at exact instants. */
export interface ManualClock {
  readonly now: FakeClock;
  advance(ms: number): void;
}

export function createManualClock(startMs = Date.UTC(2026, 0, 1)): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
  };
}
