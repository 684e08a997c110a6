import { conversationKey, createRedisKeys } from "@baton/core";
import {
  buildAppMentionEvent,
  createRecordingLogger,
  FAKE_SLACK_DEFAULTS,
  type FakeSlack,
  type FakeSlackCall,
  newMessageTs,
  postSlackEvent,
  type RedisClusterOnLoopback,
  startFakeSlack,
  startRedisCluster,
} from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runShareCommand } from "../src/cli/share-command.js";
import { type RunningBaton, startBaton } from "../src/start-baton.js";
import { TEST_BOT_TOKEN, TEST_SIGNING_SECRET } from "./fixtures/start-test-baton.js";

const CONVERSATIONS = 12;
const TURNS_PER_CONVERSATION = 3;
const TEAM = FAKE_SLACK_DEFAULTS.teamId;
const BOT = FAKE_SLACK_DEFAULTS.botUserId;
const PREFIX = "baton-cluster";
const ALL_REPLIES_TIMEOUT_MS = 40_000;

const marker = (conversation: number, turn: number) => `task-c${conversation}-t${turn}`;
const isPlanReply = (call: FakeSlackCall) =>
  call.method === "chat.postMessage" && JSON.stringify(call.body).includes("Plan (dry run");

describe("Baton on a Redis Cluster: two gateways and two workers at once", () => {
  let cluster: RedisClusterOnLoopback;
  let slack: FakeSlack;
  const batons: RunningBaton[] = [];
  const logger = createRecordingLogger();
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = await startRedisCluster({ masters: 3 });
    slack = await startFakeSlack();
    env = {
      REDIS_CLUSTER_NODES: cluster.nodes,
      BATON_REDIS_PREFIX: PREFIX,
      HOST: "127.0.0.1",
      PORT: "0",
      BATON_CONFIG: "does-not-exist.yaml",
      BATON_SHARE_KEY: "test-share-link-key-0123456789abcdefghij",
      BATON_SHUTDOWN_GRACE_MS: "2000",
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_BOT_TOKEN: TEST_BOT_TOKEN,
      SLACK_API_URL: slack.url,
      // One person sends every request here: a burst of 0 turns the per-person bucket off.
      BATON_USER_TURN_BURST: "0",
      // The budget's scripts run on the cluster too, with room for the 36 turns' calls in one
      // workspace: at Slack's published 50 a minute, their reactions alone would take a minute.
      BATON_RATE_LIMITS: ["slack:tier2", "slack:tier3", "slack:tier4", "slack:chat.postMessage"]
        .map((name) => `${name}=60000/m:1000`)
        .join(","),
    };
    for (const mode of ["gateway", "gateway", "worker", "worker"] as const)
      batons.push(await startBaton({ mode, env, logger }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(batons.map((baton) => baton.close()));
    await slack?.close();
    await cluster?.stop();
  });

  it("starts one session per conversation, posts one final reply per turn, and keeps each conversation's order", async () => {
    const gateways = batons.filter((baton) => baton.url !== null).map((baton) => `${baton.url}/slack/events`);
    expect(gateways).toHaveLength(2);
    const roots = Array.from({ length: CONVERSATIONS }, () => newMessageTs());
    let duplicates = 0;

    // Conversations arrive side by side; the turns of one conversation one after the other, each
    // acknowledged before the next is sent (as a person waits for Slack to show their message).
    await Promise.all(
      roots.map(async (root, c) => {
        for (let t = 0; t < TURNS_PER_CONVERSATION; t++) {
          const envelope = buildAppMentionEvent({
            teamId: TEAM,
            botUserId: BOT,
            channelId: `C0CLUSTER${c}`,
            userId: "U0ADA",
            text: `<@${BOT}> ${marker(c, t)}`,
            ts: t === 0 ? root : newMessageTs(),
            threadTs: t === 0 ? undefined : root,
          });
          const gateway = gateways[(c + t) % 2]!;
          const first = await postSlackEvent(gateway, envelope, { signingSecret: TEST_SIGNING_SECRET });
          expect(first.status).toBe(200);
          // About a third of the deliveries come again, as Slack's retry, to the other gateway.
          if ((c + t) % 3 === 0) {
            duplicates++;
            const again = await postSlackEvent(gateways[(c + t + 1) % 2]!, envelope, {
              signingSecret: TEST_SIGNING_SECRET,
              retryNum: 1,
            });
            expect(again.status).toBe(200);
          }
        }
      }),
    );
    expect(duplicates).toBeGreaterThan(CONVERSATIONS / 2);

    const total = CONVERSATIONS * TURNS_PER_CONVERSATION;
    const deadline = Date.now() + ALL_REPLIES_TIMEOUT_MS;
    while (slack.calls.filter(isPlanReply).length < total && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    // A moment more, for any reply that would come twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const replies = slack.calls.filter(isPlanReply);
    expect(replies).toHaveLength(total);

    const keys = createRedisKeys(PREFIX);
    const client = cluster.connect();
    const sessionIds = new Set<string>();
    roots.forEach((root, c) => {
      const channel = `C0CLUSTER${c}`;
      const inThread = replies.filter(
        (call) => call.body.channel === channel && call.body.thread_ts === root,
      );
      // One final reply per turn, in the order the turns were sent.
      expect(inThread.map((call) => /task-c\d+-t(\d+)/.exec(JSON.stringify(call.body))?.[0])).toEqual(
        Array.from({ length: TURNS_PER_CONVERSATION }, (_, t) => marker(c, t)),
      );
      // Every reply of the conversation links the same session's transcript.
      const links = new Set(inThread.map((call) => /\/s\/[\w-]+/.exec(JSON.stringify(call.body))?.[0]));
      expect(links.size).toBe(1);
    });
    for (const [c, root] of roots.entries()) {
      const key = conversationKey({
        platform: "slack",
        teamId: TEAM,
        channelId: `C0CLUSTER${c}`,
        threadTs: root,
      });
      const sessionId = await client.get(keys.conversationSession(key));
      expect(sessionId).toBeTruthy();
      sessionIds.add(sessionId!);
    }
    expect(sessionIds.size).toBe(CONVERSATIONS);
    // Nothing is left waiting, and no command was refused (a cross-slot script or transaction
    // would fail with CROSSSLOT and be logged).
    expect(await client.xlen(keys.intakeStream)).toBe(0);
    expect(logger.lines.filter((line) => line.level === "error" || line.level === "warn")).toEqual([]);
    expect(JSON.stringify(logger.lines)).not.toContain("CROSSSLOT");

    // `baton share` reads the same cluster: one live share per session.
    const out: string[] = [];
    const code = await runShareCommand(["list"], { env, stdout: (line) => out.push(line), stderr: () => {} });
    expect(code).toBe(0);
    for (const sessionId of sessionIds) expect(out.join("\n")).toContain(sessionId);
  }, 60_000);
});
