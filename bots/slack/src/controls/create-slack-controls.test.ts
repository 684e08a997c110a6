import {
  createConversationControls,
  createRedisKeys,
  createReplyLedger,
  EMPTY_CATALOG,
  silentLogger,
} from "@baton/core";
import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { slackConversation } from "../inbound/slack-conversation.js";
import { createSlackControls } from "./create-slack-controls.js";
import { createSlackSteeringRule } from "./create-slack-steering-guard.js";

describe("stopping a conversation whose first turn has no session yet", () => {
  let slack: FakeSlack;
  let redis: TestRedis;
  beforeEach(async () => {
    slack = await startFakeSlack();
    redis = await createTestRedis("controls");
  });
  afterEach(async () => {
    await slack.close();
    await redis.cleanup();
  });

  function controls(stops: string[]) {
    const ledger = createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) });
    return createSlackControls({
      client: new WebClient("xoxb-test", { slackApiUrl: slack.url }),
      controls: createConversationControls({
        catalog: EMPTY_CATALOG,
        sessions: { findByConversation: async () => null },
        stopConversation: async (key) => {
          stops.push(key);
          return { stoppedTurnId: null, cancelledTurnIds: ["t_queued"] };
        },
        queuedRequesters: async () => ["U0ADA"],
        steering: createSlackSteeringRule(EMPTY_CATALOG),
        shares: {
          shareSession: async () => ({ kind: "sharing_off" }),
          unshareSession: async () => ({ kind: "not_found" }),
        },
        intake: async () => ({ kind: "accepted", turnId: "t_x" }),
        ledger,
      }),
      catalog: EMPTY_CATALOG,
      ledger,
      logger: silentLogger,
    });
  }

  it("lets only the person who asked stop it (by default), and tells anyone else why", async () => {
    const stops: string[] = [];
    const conversation = slackConversation("T1", "C0Q", "1700000000.000100");
    await controls(stops).stop({ conversation, userId: "U0MALLORY", source: "button" });
    expect(stops).toEqual([]);
    const [refusal] = await slack.waitForCall("chat.postEphemeral");
    expect(refusal?.body).toMatchObject({ user: "U0MALLORY", channel: "C0Q" });

    await controls(stops).stop({ conversation, userId: "U0ADA", source: "button" });
    expect(stops).toHaveLength(1);
  });
});
