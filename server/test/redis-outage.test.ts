import {
  buildAppMentionEvent,
  createRecordingLogger,
  FAKE_SLACK_DEFAULTS,
  type FakeSlack,
  postSlackEvent,
  type RedisServer,
  startFakeSlack,
  startRedisServer,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningBaton, startBaton } from "../src/start-baton.js";
import { TEST_SIGNING_SECRET } from "./fixtures/start-test-baton.js";

describe("when Redis goes away", () => {
  let redisServer: RedisServer;
  let slack: FakeSlack;
  let baton: RunningBaton;
  beforeEach(async () => {
    redisServer = await startRedisServer();
    slack = await startFakeSlack();
    baton = await startBaton({
      mode: "gateway",
      logger: createRecordingLogger(),
      env: {
        REDIS_URL: redisServer.url,
        PORT: "0",
        HOST: "127.0.0.1",
        BATON_CONFIG: "does-not-exist.yaml",
        BATON_SHARE_KEY: "test-share-link-key-0123456789abcdefghij",
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: "xoxb-test-token",
        SLACK_API_URL: slack.url,
      },
    });
  });
  afterEach(async () => {
    await redisServer.kill();
    await Promise.race([baton.close(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await slack.close();
  });

  it("answers webhooks with a 5xx (so Slack retries), reports not ready, and keeps serving", async () => {
    await redisServer.kill();
    const envelope = buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: FAKE_SLACK_DEFAULTS.botUserId,
      channelId: "C0DOWN",
      userId: "U0ADA",
      text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> anything`,
    });
    const response = await postSlackEvent(`${baton.url}/slack/events`, envelope, {
      signingSecret: TEST_SIGNING_SECRET,
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect((await fetch(`${baton.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${baton.url}/healthz`)).status).toBe(200);
  });
});
