import { buildAppMentionEvent, FAKE_SLACK_DEFAULTS, signSlackRequest } from "@baton/testkit";
import { afterAll, beforeAll, describe } from "vitest";
import { startTestBaton, TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";
import { describeInboundFuzz } from "./fuzz/describe-inbound-fuzz.js";
import type { FuzzInboundAdapter } from "./fuzz/inbound-adapter.js";

/** Slack refuses signatures more than five minutes off the clock. */
const SLACK_TOLERANCE_S = 5 * 60;

export const slackFuzzAdapter: FuzzInboundAdapter = {
  platform: "slack",
  path: "/slack/events",
  signatureHeaders: ["x-slack-signature", "x-slack-request-timestamp"],
  toleranceS: SLACK_TOLERANCE_S,
  // Events Baton does not act on (unknown envelope or event types) are acknowledged and dropped.
  ignoredStatuses: [200],
  sign: (body, timestampS) => ({
    "content-type": "application/json",
    ...signSlackRequest({ signingSecret: TEST_SIGNING_SECRET, body, timestamp: timestampS }),
  }),
  validBody: (seed) =>
    JSON.stringify(
      buildAppMentionEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        botUserId: FAKE_SLACK_DEFAULTS.botUserId,
        channelId: `C0FUZZ${seed % 1000}`,
        userId: "U0FUZZ",
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> fix the build ${seed}`,
      }),
    ),
};

describe("bad input on /slack/events, generated", () => {
  let t: TestBaton;
  beforeAll(async () => {
    t = await startTestBaton();
  });
  afterAll(() => t.close());

  describeInboundFuzz(slackFuzzAdapter, () => ({ url: t.url, redis: t.redis.redis, prefix: t.redis.prefix }));
});
