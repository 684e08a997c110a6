/**
 * A failure the fake answers with instead of the real result:
 * - `error`: HTTP 200 with `{ ok: false, error }`, which WebClient raises as a platform error;
 * - `rate_limited`: HTTP 429 with `Retry-After`, which WebClient waits out and retries;
 * - `http`: a bare status such as 500 or 503, which WebClient retries under its `retryConfig`.
 */
export type FakeSlackFailure =
  | { kind: "error"; error: string }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "http"; status: number };

export interface FailureScript<F = FakeSlackFailure> {
  failNext(method: string, failure: F, times?: number): void;
  /** Removes and returns the next scripted failure for `method`, if any. */
  take(method: string): F | undefined;
  reset(): void;
}

/** Per-method queues of scripted failures, consumed one per call in the order they were added. */
export function createFailureScript<F = FakeSlackFailure>(): FailureScript<F> {
  const queued = new Map<string, F[]>();
  return {
    failNext(method, failure, times = 1) {
      if (!Number.isInteger(times) || times < 1) {
        throw new RangeError(`failNext("${method}") needs times to be a positive integer, got ${times}.`);
      }
      const queue = queued.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      queued.set(method, queue);
    },
    take(method) {
      return queued.get(method)?.shift();
    },
    reset() {
      queued.clear();
    },
  };
}
