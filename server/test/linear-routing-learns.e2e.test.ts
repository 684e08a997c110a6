import { createLearnedRoutingStore, createRedisKeys } from "@baton/core";
import { startFakeLinear } from "@baton/testkit";
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

  /** Two answers teach the team, and the third issue goes there by habit. */
  async function routeTheThirdByHabit() {
    await issue("Make it faster", "acme/api");
    (await s.agent.waitForRun(1)).finish();
    await issue("Make the export faster", "acme/api");
    (await s.agent.waitForRun(2)).finish();
    const third = await issue("Make the import faster too");
    const run = await s.agent.waitForRun(3);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    return { third, run };
  }

  /** As `routeTheThirdByHabit`, and the third issue's session gets the offer. */
  async function teachTheTeam() {
    const { third, run } = await routeTheThirdByHabit();
    const [offer] = await waitForActivities(s.linear, third.agentSessionId, "elicitation");
    return { third, run, offer: offer as { body: string } };
  }

  /** A "yes" in the session answers the agent (run `runNumber`), and the team learns nothing. */
  async function yesIsAFollowUp(agentSessionId: string, runNumber: number) {
    const answer = await s.prompted(agentSessionId, "yes");
    expect(JSON.parse(answer.body)).not.toHaveProperty("offer");
    const yes = await s.agent.waitForRun(runNumber);
    expect(yes.turn.prompt).toContain("yes");
    yes.finish();
    expect((await learned())?.accepted).toBeNull();
  }

  const learned = () =>
    createLearnedRoutingStore({ redis: s.t.redis.redis, keys: createRedisKeys(s.t.redis.prefix) }).read(
      "linear:team:ops",
    );

  /** Waits for Baton's word in the session that contains `text`. */
  async function saysInSession(agentSessionId: string, text: string) {
    await s.linear.waitForOperation("createAgentActivity", {
      count: 1,
      where: () =>
        s.linear
          .activityContents(agentSessionId)
          .some((content) => typeof content.body === "string" && content.body.includes(text)),
    });
  }

  it("two answers send the third issue there, and a yes to the offer makes it the team's mapping", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const { third, run, offer } = await teachTheTeam();
    expect(offer.body).toContain("Always use acme/api in the Linear team OPS?");
    expect(offer.body).toContain('Reply "yes"');

    const answer = await s.prompted(third.agentSessionId, "yes");
    expect(JSON.parse(answer.body)).toMatchObject({ offer: "accepted" });
    await saysInSession(third.agentSessionId, "acme/api is now the mapping of the Linear team OPS");
    expect((await learned())?.accepted).toMatchObject({ targetRef: "acme/api", byId: s.person.id });
    // Linear redelivering the answer neither answers again nor runs it as a prompt.
    const again = await s.prompted(third.agentSessionId, "yes", {}, { deliveryId: answer.deliveryId });
    expect(JSON.parse(again.body)).toMatchObject({ offer: "replayed" });
    run.finish();

    // The yes was no follow-up: the next run is the next issue's, routed by the accepted mapping.
    const fourth = await issue("Make the search faster");
    const next = await s.agent.waitForRun(4);
    expect(next.turn.turn.request.conversation).toMatchObject({ agentSessionId: fourth.agentSessionId });
    expect(next.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    next.finish();
  });

  it("only learning.approvers may accept; a refused yes leaves the offer to them", async () => {
    const linear = await startFakeLinear();
    const lead = linear.store.seedUser({ name: "Lead" });
    s = await startLinearScenario({
      linear,
      catalogYaml: `${CATALOG}\nlearning: { approvers: [${lead.id}] }\n`,
    });
    const { third, run } = await teachTheTeam();

    const refused = await s.prompted(third.agentSessionId, "yes");
    expect(JSON.parse(refused.body)).toMatchObject({ offer: "refused" });
    await saysInSession(third.agentSessionId, "Only the people the catalog lists under `learning.approvers`");
    expect((await learned())?.accepted).toBeNull();

    const accepted = await s.prompted(third.agentSessionId, "Yes please", { authorId: lead.id });
    expect(JSON.parse(accepted.body)).toMatchObject({ offer: "accepted" });
    expect((await learned())?.accepted).toMatchObject({ targetRef: "acme/api", byId: lead.id });
    run.finish();
  });

  it("a prompt that is not an answer is a follow-up, and the offer lapses", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const { third, run } = await teachTheTeam();
    run.finish();

    await s.prompted(third.agentSessionId, "also cover the CSV import");
    const followUp = await s.agent.waitForRun(4);
    expect(followUp.turn.prompt).toContain("also cover the CSV import");
    followUp.finish();

    // Asked once: a later "yes" answers the agent, not the offer.
    await yesIsAFollowUp(third.agentSessionId, 5);
  });

  it("an offer whose post failed was never made: a later yes is a follow-up, not an acceptance", async () => {
    s = await startLinearScenario({ catalogYaml: CATALOG });
    const isMappingOffer = (variables: Record<string, unknown>) =>
      JSON.stringify(variables).includes("Always use acme/api");
    s.linear.failNext({ kind: "http_500" }, { operation: "createAgentActivity", where: isMappingOffer });
    const { third, run } = await routeTheThirdByHabit();
    expect(
      s.linear.operations.filter((op) => op.outcome === "http_500" && isMappingOffer(op.variables)),
    ).toHaveLength(1);
    run.finish();

    // The person never saw the question: their "yes" answers the agent.
    await yesIsAFollowUp(third.agentSessionId, 4);
  });
});
