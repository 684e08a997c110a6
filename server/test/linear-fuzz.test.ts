import { buildAgentSessionEvent, signLinearWebhook } from "@baton/testkit";
import { afterAll, beforeAll, describe } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  TEST_LINEAR_WEBHOOK_SECRET,
} from "./fixtures/start-linear-scenario.js";
import { describeInboundFuzz } from "./fuzz/describe-inbound-fuzz.js";
import type { FuzzInboundAdapter } from "./fuzz/inbound-adapter.js";

/** Linear's verifier refuses a `webhookTimestamp` more than a minute off the clock. */
const LINEAR_TOLERANCE_S = 60;

describe("bad input on /linear/webhooks, generated", () => {
  let s: LinearScenario;
  beforeAll(async () => {
    s = await startLinearScenario();
  });
  afterAll(() => s.close());

  const adapter: FuzzInboundAdapter = {
    platform: "linear",
    path: "/linear/webhooks",
    signatureHeaders: ["linear-signature", "linear-delivery", "linear-event"],
    // Linear signs its clock inside the body (`webhookTimestamp`, ms), so the signature covers it.
    toleranceS: LINEAR_TOLERANCE_S,
    // Webhook types and actions Baton does not act on are acknowledged and dropped.
    ignoredStatuses: [200],
    sign: (body) => ({
      "content-type": "application/json; charset=utf-8",
      ...signLinearWebhook({ secret: TEST_LINEAR_WEBHOOK_SECRET, body, event: "AgentSessionEvent" }),
    }),
    validBody: (seed, timestampS) => {
      const issue = s.linear.store.seedIssue({ title: `Fix the build ${seed}`, team: "ENG" });
      const session = s.linear.store.seedAgentSession(issue.id);
      return JSON.stringify(
        buildAgentSessionEvent("created", {
          store: s.linear.store,
          issue,
          agentSessionId: session.id,
          creatorId: s.person.id,
          webhookTimestamp: timestampS * 1000,
        }),
      );
    },
  };

  describeInboundFuzz(adapter, () => ({ url: s.t.url, redis: s.t.redis.redis, prefix: s.t.redis.prefix }));
});
