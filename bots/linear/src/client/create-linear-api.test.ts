import type { ReplyBudget } from "@baton/core";
import { FAKE_LINEAR_API_KEY, startFakeLinear } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { createLinearBudgets } from "../budget/linear-budgets.js";
import { createLinearApi, isDuplicateActivity } from "./create-linear-api.js";
import { createLinearClient } from "./create-linear-client.js";

describe("createLinearApi", () => {
  it("pauses the token's budget for every worker until the limit resets, when Linear says only that", async () => {
    const linear = await startFakeLinear();
    try {
      const pauses: Array<{ bucket: string; ms: number }> = [];
      // Only what the API asks of the budget is recorded: the budget itself is tested in core.
      const replyBudget: ReplyBudget = {
        beforeRequest: async () => {},
        refused: async (bucket, ms) => {
          pauses.push({ bucket: bucket.name, ms });
        },
        progressGate: () => async () => {},
        limit: (_name, published) => published,
        coalesced: () => {},
      };
      const client = createLinearClient({ apiKey: FAKE_LINEAR_API_KEY }, linear.apiUrl);
      const api = createLinearApi({
        clients: { refreshable: false, clientFor: async () => client },
        organizationId: linear.store.organization.id,
        budgets: createLinearBudgets(replyBudget, { kind: "api_key", apiKey: FAKE_LINEAR_API_KEY }),
        backoff: { sleep: async () => {} },
      });
      linear.failNext({ kind: "ratelimited", resetAfterSeconds: 20 });
      linear.failNext({ kind: "http_429", retryAfterSeconds: 3 });
      await api.viewer();
      expect(pauses.map((pause) => pause.bucket)).toEqual(["linear:requests", "linear:requests"]);
      expect(pauses[0]?.ms).toBeGreaterThan(19_000);
      expect(pauses[0]?.ms).toBeLessThanOrEqual(20_000);
      expect(pauses[1]?.ms).toBe(3_000);
    } finally {
      await linear.close();
    }
  });

  it("reads an issue's context in one query, and knows a repeated activity id for what it is", async () => {
    const linear = await startFakeLinear();
    try {
      const client = createLinearClient({ apiKey: FAKE_LINEAR_API_KEY }, linear.apiUrl);
      const api = createLinearApi({
        clients: { refreshable: false, clientFor: async () => client },
        organizationId: linear.store.organization.id,
      });
      const issue = linear.store.seedIssue({
        title: "Cart",
        team: "ENG",
        project: "Checkout revamp",
        labels: ["bug"],
        comments: ["first", "second"],
      });
      const context = await api.issueContext(issue.id);
      expect(context).toMatchObject({
        identifier: issue.identifier,
        project: { name: "Checkout revamp" },
        labels: { nodes: [{ name: "bug" }] },
        comments: { nodes: [{ body: "first" }, { body: "second" }] },
        team: { key: "ENG" },
      });
      expect(linear.operations.map((op) => op.name)).toEqual(["batonIssueContext"]);

      const session = linear.store.seedAgentSession(issue.id);
      const activity = {
        agentSessionId: session.id,
        id: "3f0c2a4e-1b2c-4d5e-8f90-123456789abc",
        content: { type: "thought", body: "On it" },
      };
      await api.createActivity(activity);
      const again = await api.createActivity(activity).catch((error: unknown) => error);
      expect(isDuplicateActivity(again)).toBe(true);
      expect(linear.activityContents(session.id)).toHaveLength(1);
    } finally {
      await linear.close();
    }
  });
});
