import { type FakeOpenAI, startFakeOpenAI } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
  - repo: acme/api
    description: Backend API for orders and payments
  - repo: acme/infra
    description: Terraform for the cloud
environments:
  - id: checkout
    name: Checkout
    repositories: [acme/web, acme/api]
`;

describe("Linear agent sessions through the gateway", () => {
  let s: LinearScenario | undefined;
  let openai: FakeOpenAI | undefined;
  afterEach(async () => {
    await s?.close();
    await openai?.close();
    s = undefined;
    openai = undefined;
  });

  it("acknowledges with a thought while the classifier is still thinking, then works, starts the issue and responds", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openai = await startFakeOpenAI({
      script: async () => {
        await held;
        return {
          kind: "json",
          value: { targetId: "acme/api", confidence: "high", reasoning: "orders", alternatives: [] },
        };
      },
    });
    s = await startLinearScenario({
      catalogYaml: CATALOG,
      env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: openai.url },
    });
    const issue = s.linear.store.seedIssue({ title: "Orders are counted twice", team: "OPS" });
    const sent = await s.created(issue, { promptContext: "<issue>Orders are counted twice</issue>" });
    expect(sent.status).toBe(200);

    // The acknowledgement does not wait for the classifier: it is posted while the LLM is held.
    const [thought] = await waitForActivities(s.linear, sent.agentSessionId, "thought");
    expect(thought!.body).toMatch(/Got it/);
    expect(openai.requests.length).toBeLessThanOrEqual(1);
    release();

    const run = await s.agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(run.turn.prompt).toContain("<issue>Orders are counted twice</issue>");
    expect(run.turn.prompt).toMatch(/untrusted/);

    // Issue moved to the team's first started state (lowest position) and delegated to Baton.
    await s.linear.waitForOperation("updateIssue");
    const team = s.linear.store.teamByKey("OPS")!;
    expect(team.states.find((state) => state.id === issue.stateId)?.name).toBe("In Progress");
    expect(issue.delegateId).toBeNull(); // an API key is a person's: nothing to delegate to
    // The issue read to classify the request is the one taken to started: one request, not two.
    expect(s.linear.operations.filter((op) => op.name === "batonIssueContext")).toHaveLength(1);
    // The share link is the agent session's external URL.
    const agentSession = s.linear.store.agentSessions.get(sent.agentSessionId)!;
    expect(agentSession.externalLink).toMatch(/\/s\/[\w-]+$/);

    run.emit({
      type: "artifact",
      artifact: {
        kind: "pull_request",
        url: "https://github.com/acme/api/pull/7",
        title: "Count orders once",
      },
    });
    run.finish([{ type: "done", summary: "Fixed the **double count**." }]);
    const [response] = await waitForActivities(s.linear, sent.agentSessionId, "response");
    expect(response!.body).toContain("Fixed the **double count**.");
    expect(response!.body).toContain("[Count orders once](https://github.com/acme/api/pull/7)");
    expect(response!.body).toContain(agentSession.externalLink);
    const types = s.linear.activityContents(sent.agentSessionId).map((content) => content.type);
    expect(types[0]).toBe("thought");
    expect(types.at(-1)).toBe("response");
  });
  it("posts the response even when Linear will not attach the pull request to the issue", async () => {
    s = await startLinearScenario({ catalogYaml: `${CATALOG}linear:\n  teams:\n    OPS: acme/api\n` });
    const issue = s.linear.store.seedIssue({ title: "Orders are counted twice", team: "OPS" });
    const sent = await s.created(issue);
    const run = await s.agent.waitForRun(1);
    s.linear.failNext(
      {
        kind: "unreadable",
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          errors: [
            {
              message: "Argument Validation Error",
              extensions: { type: "invalid input", code: "INVALID_INPUT" },
            },
          ],
        }),
      },
      { operation: "createAttachment", times: 10 },
    );
    run.emit({
      type: "artifact",
      artifact: {
        kind: "pull_request",
        url: "https://github.com/acme/api/pull/8",
        title: "Count orders once",
      },
    });
    run.finish([{ type: "done", summary: "Fixed the double count." }]);
    const [response] = await waitForActivities(s.linear, sent.agentSessionId, "response");
    expect(response!.body).toContain("[Count orders once](https://github.com/acme/api/pull/8)");
    const linear = s.linear;
    await expect.poll(() => linear.operations.some((op) => op.name === "createAttachment")).toBe(true);
    expect(s.linear.activityContents(sent.agentSessionId).map((content) => content.type)).not.toContain(
      "error",
    );
  });
});
