import { ErrorCode, LogLevel, WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "./start-fake-slack.js";

let slack: FakeSlack;

beforeEach(async () => {
  slack = await startFakeSlack();
});
afterEach(() => slack.close());

// minTimeout 0 removes p-retry's own back-off, which WebClient adds on top of Retry-After.
function clientWithRetries(retries: number): WebClient {
  return new WebClient("xoxb-test", {
    slackApiUrl: slack.url,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries, minTimeout: 0, maxTimeout: 0 },
  });
}

describe("scripted failures", () => {
  it("lets WebClient wait out a 429 and succeed on the retry", async () => {
    slack.failNext("chat.postMessage", { kind: "rate_limited", retryAfterSeconds: 1 });
    const startedAt = Date.now();

    const result = await clientWithRetries(1).chat.postMessage({ channel: "C1", text: "hi" });

    expect(result.ok).toBe(true);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
    expect(slack.callsTo("chat.postMessage").map((call) => call.outcome)).toEqual([
      { kind: "rate_limited", retryAfterSeconds: 1 },
      { kind: "ok" },
    ]);
  });

  it("raises a rate-limited error when WebClient is told to reject rate-limited calls", async () => {
    slack.failNext("chat.postMessage", { kind: "rate_limited", retryAfterSeconds: 30 });
    const client = new WebClient("xoxb-test", { slackApiUrl: slack.url, rejectRateLimitedCalls: true });

    const error = await client.chat.postMessage({ channel: "C1", text: "hi" }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 30 });
  });

  it("surfaces ok:false as a WebClient platform error without retrying", async () => {
    slack.failNext("chat.postMessage", { kind: "error", error: "channel_not_found" });

    const error = await clientWithRetries(3)
      .chat.postMessage({ channel: "C404", text: "hi" })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({
      code: ErrorCode.PlatformError,
      data: { ok: false, error: "channel_not_found" },
    });
    expect(slack.callsTo("chat.postMessage")).toHaveLength(1);
  });

  it("answers 5xx, which WebClient retries before giving up", async () => {
    slack.failNext("chat.update", { kind: "http", status: 503 }, 2);

    const error = await clientWithRetries(1)
      .chat.update({ channel: "C1", ts: "1.2", text: "x" })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ code: ErrorCode.HTTPError, statusCode: 503 });
    expect(slack.callsTo("chat.update").map((call) => call.outcome)).toEqual([
      { kind: "http", status: 503 },
      { kind: "http", status: 503 },
    ]);
  });
});

describe("waiting for calls", () => {
  it("resolves once the requested number of calls has arrived", async () => {
    const client = clientWithRetries(0);
    const waiting = slack.waitForCall("chat.postMessage", { count: 2 });
    await client.chat.postMessage({ channel: "C1", text: "one" });
    await client.chat.postMessage({ channel: "C1", text: "two" });

    const calls = await waiting;

    expect(calls.map((call) => call.body.text)).toEqual(["one", "two"]);
  });

  it("times out listing what did arrive", async () => {
    await clientWithRetries(0).auth.test();

    await expect(slack.waitForCall("chat.postMessage", { timeoutMs: 50 })).rejects.toThrow(
      'waitForCall("chat.postMessage") gave up: expected 1 call(s) within 50 ms, got 0. Calls that arrived: auth.test.',
    );
  });

  it("forgets calls, scripts and messages on reset", async () => {
    const client = clientWithRetries(0);
    slack.failNext("auth.test", { kind: "error", error: "account_inactive" });
    await client.chat.postMessage({ channel: "C1", text: "hi" });

    slack.reset();

    expect(slack.calls).toHaveLength(0);
    await expect(client.auth.test()).resolves.toMatchObject({ ok: true });
    await expect(client.conversations.history({ channel: "C1" })).resolves.toMatchObject({ messages: [] });
  });
});
