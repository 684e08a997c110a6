import { TransientError } from "@baton/core";
import { FAKE_LINEAR_API_KEY, startFakeLinear } from "@baton/testkit";
import type { LinearClient } from "@linear/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLinearClient } from "./create-linear-client.js";
import { withLinearBackoff } from "./with-linear-backoff.js";

describe("withLinearBackoff", () => {
  let linear: Awaited<ReturnType<typeof startFakeLinear>>;
  let client: LinearClient;
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  beforeEach(async () => {
    waits.length = 0;
    linear = await startFakeLinear();
    client = createLinearClient({ apiKey: FAKE_LINEAR_API_KEY }, linear.apiUrl);
  });
  afterEach(() => linear.close());

  it("waits out HTTP 429 (as long as Retry-After says) and RATELIMITED errors, then succeeds", async () => {
    linear.failNext({ kind: "http_429", retryAfterSeconds: 3 });
    linear.failNext({ kind: "ratelimited" });
    const viewer = await withLinearBackoff(() => client.viewer, { sleep, baseMs: 100 });
    expect(viewer.id).toBe(linear.store.apiKeyOwner.id);
    expect(waits[0]).toBe(3_000);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(linear.operations.map((op) => op.outcome)).toEqual(["http_429", "ratelimited", "ok"]);
  });

  it("waits until the spent limit resets when Linear sends its reset and no Retry-After", async () => {
    linear.failNext({ kind: "ratelimited", resetAfterSeconds: 5 });
    await withLinearBackoff(() => client.viewer, { sleep, baseMs: 100 });
    // The reset is 5 s after Linear answered, a moment before the wait was worked out.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(4_000);
    expect(waits[0]).toBeLessThanOrEqual(5_000);
  });

  it("gives up after its retries with a transient error, so that the turn is retried later", async () => {
    linear.failNext({ kind: "ratelimited" }, { times: 3 });
    const error = await withLinearBackoff(() => client.viewer, { sleep, retries: 2 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TransientError);
    expect(waits).toHaveLength(2);
  });

  it("does not retry other errors", async () => {
    const stranger = createLinearClient({ apiKey: "wrong" }, linear.apiUrl);
    await expect(withLinearBackoff(() => stranger.viewer, { sleep })).rejects.toThrow(/authenticat/i);
    expect(waits).toEqual([]);
  });
});
