import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

// The team OPS is mapped to nothing, and "make it faster" matches no description: Baton asks.
const CATALOG = `
repositories:
  - { repo: acme/web, description: Customer-facing storefront }
  - { repo: acme/api, description: Backend API }
  - { repo: acme/infra, description: Terraform }
`;

describe("Linear: routing learns from the answers to its question", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  /** A new issue of the team; answers Baton's elicitation with `target` when it asks. */
  async function issue(title: string, answer?: string) {
    const sent = await s.created(s.linear.store.seedIssue({ title, team: "OPS" }));
    if (answer) {
      await waitForActivities(s.linear, sent.agentSessionId, "elicitation");
      // The elicitation lists the ranked candidates; any target the catalog knows is an answer too.
      await s.prompted(sent.agentSessionId, answer);
    }
    return sent;
  }

  it("two answers in a team send its third issue there without asking", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    await issue("Make it faster", "acme/api");
    const first = await s.agent.waitForRun(1);
    expect(first.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    first.finish();
    await issue("Make the export faster", "acme/api");
    const second = await s.agent.waitForRun(2);
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    second.finish();

    const third = await issue("Make the import faster too");
    const run = await s.agent.waitForRun(3);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(
      s.linear.store.activities.some(
        (a) => a.content.type === "elicitation" && a.agentSessionId === third.agentSessionId,
      ),
    ).toBe(false);
    run.finish();
  });
});
