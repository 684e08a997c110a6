import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type BudgetBucket,
  createRateBudget,
  createRedisKeys,
  createReplyBudget,
  type RateLimitSpec,
  type ReplyBudget,
} from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { ErrorCode, LogLevel, WebClient } from "@slack/web-api";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackBudgets, type SlackBudgets } from "./budget/slack-budgets.js";
import { createSlackFetch, SLACK_REFUSED_RESENDS } from "./create-slack-fetch.js";
import { slackClientOptions } from "./slack-client-options.js";

/** A client of the Web API at `slackApiUrl` that does not retry, so that a failure shows at once. */
function clientWithoutRetries(slackApiUrl: string, timeoutMs: number): WebClient {
  return new WebClient("xoxb-test", {
    slackApiUrl,
    fetch: createSlackFetch({ timeoutMs }),
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
  });
}

describe("the fetch under Baton's Slack WebClient", () => {
  let slack: FakeSlack;
  afterEach(() => slack.close());

  function client(): WebClient {
    return new WebClient("xoxb-test", {
      slackApiUrl: slack.url,
      fetch: createSlackFetch({ timeoutMs: 5_000 }),
      retryConfig: { retries: 2, minTimeout: 10, maxTimeout: 20 },
      logLevel: LogLevel.ERROR,
    });
  }

  it("posts a Web API call as the client built it and hands back Slack's answer", async () => {
    slack = await startFakeSlack();
    const posted = await client().chat.postMessage({
      channel: "C1",
      text: "Working on it",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "*Working* on it" } }],
    });
    expect(posted.ok).toBe(true);
    expect(posted.ts).toBeTruthy();
    const [call] = slack.callsTo("chat.postMessage");
    expect(call?.body).toMatchObject({ channel: "C1", text: "Working on it" });
    expect(JSON.stringify(call?.body)).toContain("*Working* on it");
  });

  it("lets the client see Slack's errors, a rate limit waited out and a 5xx retried", async () => {
    slack = await startFakeSlack();
    const web = client();
    slack.failNext("reactions.add", { kind: "error", error: "already_reacted" });
    await expect(web.reactions.add({ channel: "C1", timestamp: "1.1", name: "eyes" })).rejects.toMatchObject({
      code: ErrorCode.PlatformError,
      data: { error: "already_reacted" },
    });
    slack.failNext("chat.postMessage", { kind: "rate_limited", retryAfterSeconds: 0 });
    slack.failNext("chat.postMessage", { kind: "http", status: 503 });
    expect((await web.chat.postMessage({ channel: "C1", text: "third time" })).ok).toBe(true);
    expect(slack.callsTo("chat.postMessage")).toHaveLength(3);
  });

  it("fails like fetch when Slack cannot be reached", async () => {
    slack = await startFakeSlack();
    const web = clientWithoutRetries("http://127.0.0.1:1/api/", 5_000);
    await expect(web.auth.test()).rejects.toMatchObject({ code: ErrorCode.RequestError });
  });

  it("gives up on a Slack that never answers", async () => {
    slack = await startFakeSlack();
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const web = clientWithoutRetries(`http://127.0.0.1:${port}/api/`, 200);
    try {
      await expect(web.auth.test()).rejects.toMatchObject({ code: ErrorCode.RequestError });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("the fetch's budgets", () => {
  let slack: FakeSlack;
  afterEach(() => slack.close());

  it("charges a status line to its channel's assistant.threads.setStatus budget, form or JSON", async () => {
    slack = await startFakeSlack();
    const charged: string[] = [];
    const replyBudget = {
      limit: (_name: string, published: RateLimitSpec) => published,
      beforeRequest: async (buckets: readonly BudgetBucket[]) => {
        charged.push(...buckets.map((bucket) => bucket.id));
      },
      refused: async () => {},
    } as unknown as ReplyBudget;
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    const web = new WebClient("xoxb-test", {
      slackApiUrl: slack.url,
      fetch: createSlackFetch({ timeoutMs: 5_000, budgets }),
    });
    await web.assistant.threads.setStatus({ channel_id: "C7", thread_ts: "1.2", status: "is working" });
    await web.apiCall("assistant.threads.setStatus", { channel_id: "C8", thread_ts: "1.2", status: "" });
    await fetchWith(budgets, slack.url, { channel_id: "C9", thread_ts: "1.2", status: "json" });
    expect(charged).toEqual([
      "slack:T1:assistant.threads.setStatus:C7",
      "slack:T1:assistant.threads.setStatus:C8",
      "slack:T1:assistant.threads.setStatus:C9",
    ]);
  });
});

describe("a call Slack refuses (429), with budgets", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  async function budgetedClient(): Promise<WebClient> {
    slack = await startFakeSlack();
    redis = await createTestRedis("slack-fetch-429");
    const replyBudget = createReplyBudget({
      budget: createRateBudget({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
    });
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    return new WebClient("xoxb-test", {
      ...slackClientOptions({ apiUrl: slack.url, budgets }),
      logLevel: LogLevel.ERROR,
    });
  }

  it("waits on its own budget, sent again once the pause ends, and holds no other channel's result", async () => {
    const web = await budgetedClient();
    const { ts } = slack.seedMessage({ channel: "C0RESULT", text: "fix it", user: "U1" });
    // A session's status line in C0A is refused for 2 s…
    slack.failNext("assistant.threads.setStatus", { kind: "rate_limited", retryAfterSeconds: 2 });
    const status = web.assistant.threads.setStatus({ channel_id: "C0A", thread_ts: "1.1", status: "x" });
    await expect.poll(() => slack.callsTo("assistant.threads.setStatus").length).toBe(1);
    // …while another session's result, in another channel, has room in its own budget: it goes
    // at once. (WebClient, seeing the 429, paused its whole queue for the 2 s.)
    const startedAt = Date.now();
    await web.chat.postMessage({ channel: "C0RESULT", thread_ts: ts, text: "Done" });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(slack.callsTo("assistant.threads.setStatus")).toHaveLength(1);
    // The status line goes once its budget's pause is over.
    expect((await status).ok).toBe(true);
    const [refused, sent] = slack.callsTo("assistant.threads.setStatus");
    expect((sent?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });

  it("fails a call refused again after its resends, as rate limited, for the turn's retries", async () => {
    const web = await budgetedClient();
    slack.failNext(
      "reactions.add",
      { kind: "rate_limited", retryAfterSeconds: 0 },
      SLACK_REFUSED_RESENDS + 1,
    );
    const refused = web.reactions.add({ channel: "C1", timestamp: "1.1", name: "eyes" });
    await expect(refused).rejects.toMatchObject({ code: ErrorCode.RateLimitedError });
    expect(slack.callsTo("reactions.add")).toHaveLength(SLACK_REFUSED_RESENDS + 1);
  });
});

/** A JSON-bodied call, as a client other than WebClient's form may send it. */
async function fetchWith(budgets: SlackBudgets, url: string, body: Record<string, string>): Promise<void> {
  const answered = await createSlackFetch({ timeoutMs: 5_000, budgets })(
    `${url}assistant.threads.setStatus`,
    {
      method: "POST",
      headers: { authorization: "Bearer xoxb-test", "content-type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  expect(await answered.json()).toEqual({ ok: true });
}
