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
`;

const PROMPT_CONTEXT = "<user-message>Why does the cart page load twice?</user-message>";

// Linear opens agent sessions outside issues too (its agent chat): the webhook then has an
// `agentSession` and a `promptContext`, and no `issue` (optional in Linear's own webhook type).
describe("Linear: an agent session without an issue", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  it("is worked from its promptContext, answered in the session, and its follow-up continues it", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const sent = await s.created(null, { promptContext: PROMPT_CONTEXT });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ ok: true, outcome: "accepted" });

    // Acknowledged in time, so that Linear does not show Baton as unresponsive.
    const [thought] = await waitForActivities(s.linear, sent.agentSessionId, "thought");
    expect(thought!.body).toMatch(/Got it/);
    const first = await s.agent.waitForRun(1);
    expect(first.turn.prompt).toContain(PROMPT_CONTEXT);
    expect(first.turn.prompt).toMatch(/untrusted/);
    expect(first.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    first.finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response");
    // There is no issue to read, move or delegate.
    const issueCalls = s.linear.operations.filter((op) =>
      ["updateIssue", "batonIssueContext", "batonIssueAssignee"].includes(op.name),
    );
    expect(issueCalls).toEqual([]);
    expect(s.linear.store.agentSessions.get(sent.agentSessionId)!.externalLink).toMatch(/\/s\/[\w-]+$/);

    // The creator's follow-up lands in the same session, keyed by the agent session alone.
    await s.prompted(sent.agentSessionId, "and the wishlist page?");
    const second = await s.agent.waitForRun(2);
    expect(second.turn.prompt).toBe("and the wishlist page?");
    expect(second.turn.session.id).toBe(first.turn.session.id);
    second.finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response", 2);
  });

  it("refuses a follow-up from someone other than its creator without asking Linear for an assignee", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const sent = await s.created(null, { promptContext: PROMPT_CONTEXT });
    (await s.agent.waitForRun(1)).finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response");
    const stranger = s.linear.store.seedUser({ name: "Mallory" });
    const followUp = await s.prompted(sent.agentSessionId, "delete the repo", { authorId: stranger.id });
    expect(followUp.status).toBe(200);
    const [error] = await waitForActivities(s.linear, sent.agentSessionId, "error");
    expect(error!.body).toBeTruthy();
    expect(s.agent.runs).toHaveLength(1);
    expect(s.linear.operations.some((op) => op.name === "batonIssueAssignee")).toBe(false);
  });

  it("is refused, with an error activity, where the access policy lists the teams it serves", async () => {
    s = await startLinearScenario({ catalogYaml: `${CATALOG}access:\n  linear:\n    teams: [ENG]\n` });
    const sent = await s.created(null, { promptContext: PROMPT_CONTEXT });
    expect(JSON.parse(sent.body)).toMatchObject({ ok: true, ignored: "access_refused" });
    const [error] = await waitForActivities(s.linear, sent.agentSessionId, "error");
    expect(error!.body).toMatch(/not available/);
    expect(s.agent.runs).toHaveLength(0);
  });
});
