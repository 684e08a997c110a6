import {
  type BudgetClaim,
  createRedisKeys,
  createReplyBudget,
  createReplyLedger,
  type PlatformTurn,
  type RateBudget,
  type ReplyClaim,
  silentLogger,
} from "@baton/core";
import { FAKE_LINEAR_API_KEY, startFakeLinear } from "@baton/testkit";
import { createTestRedis } from "@baton/testkit/vitest";
import { describe, expect, it } from "vitest";
import { createLinearBudgets } from "../budget/linear-budgets.js";
import { createLinearApi } from "../client/create-linear-api.js";
import { createLinearClient } from "../client/create-linear-client.js";
import { createLinearReplier } from "./create-linear-replier.js";

/** A budget that grants at once and records each take: as whom. */
function recordingBudget() {
  const takes: BudgetClaim[] = [];
  const budget: RateBudget = {
    async take(_bucket, claim) {
      takes.push(claim);
    },
    async giveBack() {},
    async pause() {},
    async rateLimited() {
      return [];
    },
  };
  return { budget, takes };
}

describe("the Linear replier's calls, by the reply they are made for", () => {
  it("posts a result as a final reply, and progress as its session's, with the token its gate took", async () => {
    const linear = await startFakeLinear();
    const redis = await createTestRedis("linear-replier-claims");
    try {
      const { budget, takes } = recordingBudget();
      const credentials = { kind: "api_key", apiKey: FAKE_LINEAR_API_KEY } as const;
      const budgets = createLinearBudgets(createReplyBudget({ budget }), credentials);
      const client = createLinearClient({ apiKey: FAKE_LINEAR_API_KEY }, linear.apiUrl);
      const apiFor = (organizationId: string, reply?: ReplyClaim) =>
        createLinearApi({
          clients: { refreshable: false, clientFor: async () => client },
          organizationId,
          budgets,
          ...(reply && { reply }),
        });
      const replier = createLinearReplier({
        apiFor,
        ledger: createReplyLedger({ redis: redis.redis, keys: createRedisKeys(redis.prefix) }),
        mappings: { mapRequest: () => undefined },
        logger: silentLogger,
        progressMinIntervalMs: 10,
        budgets,
      });
      const issue = linear.store.seedIssue({ title: "Cart", team: "ENG" });
      const session = linear.store.seedAgentSession(issue.id);
      const organizationId = linear.store.organization.id;
      const turn: PlatformTurn<"linear"> = {
        id: "t_claims",
        conversationKey: `linear:${organizationId}:${session.id}`,
        request: {
          version: 1,
          id: "t_claims",
          deliveryId: "d_claims",
          conversation: { platform: "linear", organizationId, issueId: issue.id, agentSessionId: session.id },
          actor: { platform: "linear", id: "user-1" },
          text: "take this",
          attachments: [],
          hints: {},
          context: {},
          receivedAt: new Date().toISOString(),
        },
      };

      await replier.progress(turn, "Reading src/cart.ts");
      await linear.waitForOperation("createAgentActivity");
      const progressTakes = takes.splice(0);
      await replier.result(
        turn,
        {
          status: "completed",
          summary: "Fixed the cart.",
          artifacts: [],
          target: { kind: "none" },
          backend: "plan",
          durationMs: 5,
        },
        null,
      );

      // The progress activity took one token, at its gate, as its session's progress; its request
      // spent that token. The result's request waited as a final reply.
      expect(progressTakes).toEqual([{ priority: "progress", session: turn.conversationKey }]);
      expect(takes).toEqual([{ priority: "final" }]);
      expect(linear.activityContents(session.id).map((content) => content.type)).toEqual([
        "action",
        "response",
      ]);
    } finally {
      await redis.cleanup();
      await linear.close();
    }
  });
});
