import type { FakeSlackFailure } from "./failure-script.js";

export const DEFAULT_WAIT_FOR_CALL_TIMEOUT_MS = 5_000;

/** How the fake answered a call: `ok`, or the failure it sent (scripted or a real Slack error). */
export type FakeSlackOutcome = { kind: "ok" } | FakeSlackFailure;

export interface FakeSlackCall {
  /** Web API method, e.g. `chat.postMessage`. */
  method: string;
  /** Arguments as Slack reads them; JSON-encoded form fields such as `blocks` are decoded. */
  body: Record<string, unknown>;
  /** The request body exactly as it arrived on the wire. */
  rawBody: string;
  contentType: string | undefined;
  token: string | undefined;
  /** Arrival time in milliseconds since the epoch. */
  at: number;
  outcome: FakeSlackOutcome;
}

export interface WaitForCallOptions {
  /** How many calls to `method` to wait for, counting failed ones. Defaults to 1. */
  count?: number;
  timeoutMs?: number;
}

export interface CallRecorder {
  readonly calls: readonly FakeSlackCall[];
  record(call: FakeSlackCall): void;
  callsTo(method: string): FakeSlackCall[];
  waitForCall(method: string, options?: WaitForCallOptions): Promise<FakeSlackCall[]>;
  /** Calls `listener` with every call recorded from now on; returns the function that unsubscribes. */
  subscribe(listener: (call: FakeSlackCall) => void): () => void;
  reset(): void;
  /** Rejects every pending wait; used when the server shuts down. */
  dispose(reason: string): void;
}

interface Waiter {
  check(): void;
  abandon(reason: string): void;
}

/** Keeps calls in arrival order and wakes tests that wait for a method to be called. */
export function createCallRecorder(): CallRecorder {
  const calls: FakeSlackCall[] = [];
  const waiters = new Set<Waiter>();
  const listeners = new Set<(call: FakeSlackCall) => void>();
  const callsTo = (method: string) => calls.filter((call) => call.method === method);

  function waitForCall(method: string, options: WaitForCallOptions = {}): Promise<FakeSlackCall[]> {
    const { count = 1, timeoutMs = DEFAULT_WAIT_FOR_CALL_TIMEOUT_MS } = options;
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        waiters.delete(waiter);
      };
      const waiter: Waiter = {
        check() {
          const matching = callsTo(method);
          if (matching.length < count) return;
          settle();
          resolve(matching);
        },
        abandon(reason) {
          settle();
          reject(new Error(`waitForCall("${method}") gave up: ${reason}. ${describeCalls(calls)}`));
        },
      };
      const timer = setTimeout(() => {
        const got = callsTo(method).length;
        waiter.abandon(`expected ${count} call(s) within ${timeoutMs} ms, got ${got}`);
      }, timeoutMs);
      waiters.add(waiter);
      waiter.check();
    });
  }

  return {
    calls,
    record(call) {
      calls.push(call);
      for (const waiter of [...waiters]) waiter.check();
      for (const listener of [...listeners]) listener(call);
    },
    callsTo,
    waitForCall,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      // Emptied in place so a test holding `fake.calls` sees the reset.
      calls.length = 0;
    },
    dispose(reason) {
      for (const waiter of [...waiters]) waiter.abandon(reason);
    },
  };
}

function describeCalls(calls: readonly FakeSlackCall[]): string {
  if (calls.length === 0) return "No calls arrived.";
  const described = calls.map(({ method, outcome }) => {
    if (outcome.kind === "ok") return method;
    if (outcome.kind === "error") return `${method} (error: ${outcome.error})`;
    if (outcome.kind === "rate_limited") return `${method} (rate_limited)`;
    return `${method} (http ${outcome.status})`;
  });
  return `Calls that arrived: ${described.join(", ")}.`;
}
