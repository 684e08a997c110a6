import { buildIssueCommentEvent, signGithubWebhook } from "@baton/testkit";
import { afterAll, beforeAll, describe } from "vitest";
import {
  type GithubScenario,
  startGithubScenario,
  TEST_INSTALLATION_ID,
} from "./fixtures/start-github-scenario.js";
import { describeInboundFuzz } from "./fuzz/describe-inbound-fuzz.js";
import type { FuzzInboundAdapter } from "./fuzz/inbound-adapter.js";

describe("bad input on /api/github/webhooks, generated", () => {
  let s: GithubScenario;
  beforeAll(async () => {
    s = await startGithubScenario();
    s.github.setPermission("acme/api", "octocat", "write");
  });
  afterAll(() => s.close());

  const adapter: FuzzInboundAdapter = {
    platform: "github",
    path: "/api/github/webhooks",
    signatureHeaders: ["x-hub-signature-256", "x-github-event", "x-github-delivery"],
    // GitHub signs no time: a redelivery days later is still valid (deduplication handles it).
    toleranceS: null,
    // Events Baton does not act on are acknowledged and dropped.
    ignoredStatuses: [200, 202],
    sign: (body) => ({
      ...signGithubWebhook({ secret: s.github.app.webhookSecret, event: "issue_comment", body }),
    }),
    validBody: (seed) =>
      JSON.stringify(
        buildIssueCommentEvent({
          repo: "acme/api",
          installationId: TEST_INSTALLATION_ID,
          sender: { login: "octocat" },
          number: (seed % 1000) + 1,
          commentId: seed + 1,
          body: `@baton fix the build ${seed}`,
        }).payload,
      ),
  };

  describeInboundFuzz(adapter, () => ({ url: s.t.url, redis: s.t.redis.redis, prefix: s.t.redis.prefix }));
});
