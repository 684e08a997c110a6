import { LinearClient, type LinearError, LinearErrorType } from "@linear/sdk";
import { ErrorCode, WebClient } from "@slack/web-api";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeGithub } from "../github/start-fake-github.js";
import { FAKE_LINEAR_API_KEY, startFakeLinear } from "../linear/start-fake-linear.js";
import { startFakeSlack } from "../slack/start-fake-slack.js";
import { createManualClock } from "./fake-clock.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A client that reports a 429 instead of waiting it out, so the test sees Slack's answer. */
function slackClient(url: string) {
  return new WebClient("xoxb-test", {
    slackApiUrl: url,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
  });
}

describe("the fakes' rate limits", () => {
  it("are off unless asked for", async () => {
    const slack = await startFakeSlack();
    closers.push(slack.close);
    const client = slackClient(slack.url);
    for (let i = 0; i < 30; i += 1)
      await client.reactions.remove({ channel: "C1", timestamp: "1.0", name: "x" }).catch(() => {});
    expect(slack.calls.filter((c) => c.outcome.kind === "rate_limited")).toHaveLength(0);
    expect(slack.rateLimits).toBeUndefined();
  });

  it("Slack: a tier's allowance per method per workspace, refilled over the minute, then 429 ratelimited with Retry-After", async () => {
    const clock = createManualClock();
    const slack = await startFakeSlack({ rateLimits: { clock: clock.now } });
    closers.push(slack.close);
    const client = slackClient(slack.url);
    const posted = await client.chat.postMessage({ channel: "C1", text: "hi" });
    const update = () => client.chat.update({ channel: "C1", ts: posted.ts!, text: "edit" });
    for (let i = 0; i < 50; i += 1) await update(); // tier 3: 50 a minute
    const refused = await update().catch((error: { code?: string; retryAfter?: number }) => error);
    expect(refused).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 2 });
    // Another method has its own allowance.
    await client.reactions.add({ channel: "C1", timestamp: posted.ts!, name: "eyes" });
    clock.advance(1_200); // one fiftieth of a minute refills one call
    await update();
    await expect(update()).rejects.toMatchObject({ code: ErrorCode.RateLimitedError });
    const raw = await fetch(`${slack.url}chat.update`, {
      method: "POST",
      headers: { authorization: "Bearer xoxb-test", "content-type": "application/json" },
      body: JSON.stringify({ channel: "C1", ts: posted.ts, text: "raw" }),
    });
    expect(raw.status).toBe(429);
    expect(raw.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await raw.json()).toEqual({ ok: false, error: "ratelimited" });
  });

  it("Slack: chat.postMessage about once a second per channel, after a short burst", async () => {
    const clock = createManualClock();
    const slack = await startFakeSlack({ rateLimits: { clock: clock.now } });
    closers.push(slack.close);
    const client = slackClient(slack.url);
    for (let i = 0; i < 3; i += 1) await client.chat.postMessage({ channel: "C1", text: `${i}` });
    await expect(client.chat.postMessage({ channel: "C1", text: "4" })).rejects.toMatchObject({
      code: ErrorCode.RateLimitedError,
      retryAfter: 1,
    });
    await client.chat.postMessage({ channel: "C2", text: "another channel" });
    clock.advance(1_000);
    await client.chat.postMessage({ channel: "C1", text: "a second later" });
  });

  it("Slack: assistant.threads.setStatus per channel like chat.postMessage, not in a workspace-wide tier", async () => {
    const clock = createManualClock();
    const slack = await startFakeSlack({ rateLimits: { clock: clock.now } });
    closers.push(slack.close);
    const client = slackClient(slack.url);
    const setStatus = (channel: string, status: string) =>
      client.assistant.threads.setStatus({ channel_id: channel, thread_ts: "1.2", status });
    for (let i = 0; i < 3; i += 1) await setStatus("C1", `step ${i}`);
    await expect(setStatus("C1", "step 3")).rejects.toMatchObject({
      code: ErrorCode.RateLimitedError,
      retryAfter: 1,
    });
    // Sixty channels at once: far above a tier 3 method's fifty a minute for the workspace.
    for (let i = 0; i < 60; i += 1) await setStatus(`C0MANY${i}`, "is working");
    clock.advance(1_000);
    await setStatus("C1", "a second later");
    expect(slack.threadStatus("C1", "1.2")).toBe("a second later");
  });

  it("GitHub: content creation per installation, 80 a minute, answered 403 with retry-after and x-ratelimit-*", async () => {
    const clock = createManualClock();
    const github = await startFakeGithub({ rateLimits: { clock: clock.now } });
    closers.push(github.close);
    github.seedIssue({ repo: "acme/api", number: 1, title: "t" });
    const token = github.issueInstallationToken(7);
    const comment = () =>
      fetch(`${github.url}/repos/acme/api/issues/1/comments`, {
        method: "POST",
        headers: { authorization: `token ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ body: "hi" }),
      });
    for (let i = 0; i < 80; i += 1) expect((await comment()).status).toBe(201);
    const refused = await comment();
    expect(refused.status).toBe(403);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(((await refused.json()) as { message: string }).message).toMatch(/secondary rate limit/);
    const read = await fetch(`${github.url}/repos/acme/api/issues/1/comments`, {
      headers: { authorization: `token ${token}` },
    });
    expect(read.status).toBe(200); // reads are not content creation
    expect(read.headers.get("x-ratelimit-limit")).toBe("5000");
    expect(read.headers.get("x-ratelimit-used")).toBe("81");
    expect(read.headers.get("x-ratelimit-remaining")).toBe("4919");
    clock.advance(750);
    expect((await comment()).status).toBe(201);
  });

  it("Linear: 1,500 requests an hour per API key, then RATELIMITED (HTTP 400) with x-ratelimit-requests-*", async () => {
    const clock = createManualClock();
    const linear = await startFakeLinear({
      rateLimits: { clock: clock.now, apiKey: { limit: 3, periodMs: 3_600_000 } },
    });
    closers.push(linear.close);
    const client = new LinearClient({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl });
    for (let i = 0; i < 3; i += 1) await client.viewer;
    const refused = (await client.viewer.catch((error: unknown) => error)) as LinearError;
    expect(refused.type).toBe(LinearErrorType.Ratelimited);
    const raw = await fetch(linear.apiUrl, {
      method: "POST",
      headers: { authorization: FAKE_LINEAR_API_KEY, "content-type": "application/json" },
      body: JSON.stringify({ query: "query viewer { viewer { id } }" }),
    });
    expect(raw.status).toBe(400);
    expect(raw.headers.get("x-ratelimit-requests-remaining")).toBe("0");
    expect(Number(raw.headers.get("x-ratelimit-requests-reset"))).toBeGreaterThan(clock.now());
    clock.advance(1_200_000); // a third of the hour: one request back
    await client.viewer;
  });
});
