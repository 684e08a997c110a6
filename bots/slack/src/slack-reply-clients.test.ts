import {
  type BudgetBucket,
  FINAL_REPLY,
  PLATFORM_CONNECTIONS,
  progressReply,
  type ReplyBudget,
  type ReplyClaim,
  silentLogger,
} from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackBudgets } from "./budget/slack-budgets.js";
import { slackClientOptions } from "./slack-client-options.js";
import { createSlackReplyClients } from "./slack-reply-clients.js";

/** A reply budget that grants at once and records, for each Web API call, who it was made for. */
function recordingReplyBudget() {
  const asked: Array<{ bucket: string; reply: ReplyClaim | undefined }> = [];
  const replyBudget: ReplyBudget = {
    async beforeRequest(buckets: readonly BudgetBucket[], reply?: ReplyClaim) {
      for (const bucket of buckets) asked.push({ bucket: bucket.name, reply });
      // A wait for the budget: two replies' calls interleave here.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async refused() {},
    progressGate: () => async () => {},
    limit: (_name, published) => published,
    coalesced() {},
  };
  return { replyBudget, asked };
}

describe("Slack clients by the reply their calls are made for", () => {
  let slack: FakeSlack;
  beforeEach(async () => {
    slack = await startFakeSlack();
  });
  afterEach(() => slack.close());

  function setUp() {
    const { replyBudget, asked } = recordingReplyBudget();
    const budgets = createSlackBudgets({ replyBudget, teamId: "T1" });
    const urgent = new WebClient("xoxb-test", slackClientOptions({ apiUrl: slack.url, budgets }));
    const clients = createSlackReplyClients({ urgent, budgets, logger: silentLogger });
    const post = (client: WebClient, text: string) =>
      client.chat.postMessage({ channel: "C1", thread_ts: "1.0", text });
    return { clients, urgent, asked, post };
  }

  it("makes each reply's calls as that reply, two replies at once included, and others as urgent", async () => {
    const { clients, urgent, asked, post } = setUp();
    const progress = progressReply("slack:T1:C1:1.0");
    await Promise.all([
      clients.as(FINAL_REPLY, async (client) => {
        await post(client, "result, part 1");
        await post(client, "result, part 2");
      }),
      clients.as(progress, (client) => post(client, "progress")),
      post(urgent, "acknowledgement"),
    ]);
    const postsFor = (reply: ReplyClaim | undefined) =>
      asked.filter((call) => call.bucket === "slack:chat.postMessage" && call.reply === reply).length;
    expect(postsFor(FINAL_REPLY)).toBe(2);
    expect(postsFor(progress)).toBe(1);
    // The urgent client's calls carry no reply: the budget counts them as urgent.
    expect(postsFor(undefined)).toBe(1);
    expect(slack.callsTo("chat.postMessage")).toHaveLength(4);
  });

  it("sends every lent client's calls over the same few connections", async () => {
    const { clients, post } = setUp();
    // Many replies at once, each on a client of its own: far more clients than connections.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients.as(progressReply(`slack:T1:C${i}:1.0`), (client) => post(client, `progress ${i}`)),
      ),
    );
    expect(slack.callsTo("chat.postMessage")).toHaveLength(40);
    expect(slack.connectionsOpened).toBeLessThanOrEqual(PLATFORM_CONNECTIONS);
  });

  it("lends the urgent client itself to an urgent reply, and a lent client again once it is back", async () => {
    const { clients, urgent, asked, post } = setUp();
    let lentFirst: WebClient | undefined;
    await clients.as(undefined, async (client) => expect(client).toBe(urgent));
    await clients.as(FINAL_REPLY, async (client) => {
      lentFirst = client;
    });
    const later = progressReply("slack:T1:C2:2.0");
    await clients.as(later, async (client) => {
      expect(client).toBe(lentFirst);
      await post(client, "progress");
    });
    expect(lentFirst).not.toBe(urgent);
    // Lent again, it makes its calls for its new reply, not for the one it was first lent to.
    expect(asked.map((call) => call.reply)).toEqual([later]);
  });
});
