import { randomUUID } from "node:crypto";
import { buildAgentSessionEvent, type FakeLinearIssue, startFakeLinear } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  type SentEvent,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

const REPOSITORIES = `
repositories:
  - repo: acme/web
linear:
  teams:
    ENG: acme/web
    OPS: acme/web
`;

/** Nothing of a conversation was written: no delivery claim, turn or inbox, nor an intake entry. */
async function expectNothingQueued(s: LinearScenario): Promise<void> {
  const { redis, prefix } = s.t.redis;
  expect(await redis.keys(`${prefix}:conv:*`)).toEqual([]);
  expect(await redis.xlen(`${prefix}:intake`)).toBe(0);
}

const ignoredAs = (sent: SentEvent) => (JSON.parse(sent.body) as { ignored?: string }).ignored;

/** `access.linear`: only installed organisations, then the listed teams and people. */
describe("Linear: who may use the agent", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  it("starts nothing for an event from an organisation that did not install Baton, and logs why", async () => {
    s = await startLinearScenario({ catalogYaml: REPOSITORIES });
    const issue = s.linear.store.seedIssue({ title: "Fix the cart", team: "ENG" });
    const session = s.linear.store.seedAgentSession(issue.id);
    const foreign = await s.send({
      ...buildAgentSessionEvent("created", {
        store: s.linear.store,
        issue,
        agentSessionId: session.id,
        creatorId: s.person.id,
      }),
      organizationId: randomUUID(),
    });
    expect(foreign.status).toBe(200);
    expect(ignoredAs(foreign)).toBe("not_installed");
    const line = s.t.logger.lines.find((l) => l.event === "bots.linear.event_ignored");
    expect(line?.fields).toMatchObject({
      reason: "organization_not_installed",
      delivery_id: foreign.deliveryId,
    });
    await expectNothingQueued(s);
    expect(s.linear.activityContents(session.id)).toEqual([]);
  });

  it("refuses teams and people the policy does not list, with one error activity per session saying why", async () => {
    const linear = await startFakeLinear();
    const ada = linear.store.seedUser({ name: "Ada", email: "ada@acme.test" });
    s = await startLinearScenario({
      linear,
      catalogYaml: `${REPOSITORIES}
access:
  linear:
    organizations: [${linear.store.organization.id}]
    teams: [ENG]
    users: [ada@acme.test]
`,
    });
    const eve = linear.store.seedUser({ name: "Eve" });
    const created = (issue: FakeLinearIssue, creatorId: string) => s.created(issue, { creatorId });

    const otherTeam = await created(
      linear.store.seedIssue({ title: "Open the firewall", team: "OPS" }),
      ada.id,
    );
    expect(ignoredAs(otherTeam)).toBe("access_refused");
    const [teamError] = await waitForActivities(linear, otherTeam.agentSessionId, "error");
    expect(teamError!.body).toMatch(/not available to this team/);

    const stranger = await created(
      linear.store.seedIssue({ title: "Delete the tests", team: "ENG" }),
      eve.id,
    );
    expect(ignoredAs(stranger)).toBe("access_refused");
    const [personError] = await waitForActivities(linear, stranger.agentSessionId, "error");
    expect(personError!.body).toMatch(/not available to you/);
    // Her follow-up in the same session is refused too, silently: that session was told once.
    const again = await s.prompted(stranger.agentSessionId, "please?", { creatorId: eve.id });
    expect(ignoredAs(again)).toBe("access_refused");
    await expectNothingQueued(s);
    const refusals = s.t.logger.lines.filter((l) => l.event === "core.access.refused");
    expect(refusals.map((l) => l.fields.reason)).toEqual([
      "place_not_allowed",
      "user_not_allowed",
      "user_not_allowed",
    ]);

    // Listed by email, in a listed team: Ada's request runs.
    const allowed = await created(linear.store.seedIssue({ title: "Fix the cart", team: "ENG" }), ada.id);
    expect(JSON.parse(allowed.body)).toMatchObject({ outcome: "accepted" });
    (await s.agent.waitForRun(1)).finish();
    await waitForActivities(linear, allowed.agentSessionId, "response");
    expect(linear.activityContents(stranger.agentSessionId).filter((c) => c.type === "error")).toHaveLength(
      1,
    );
  });

  it("lets a person listed by email stop the session she opened", async () => {
    const linear = await startFakeLinear();
    const ada = linear.store.seedUser({ name: "Ada", email: "ada@acme.test" });
    s = await startLinearScenario({
      linear,
      catalogYaml: `${REPOSITORIES}access:\n  linear:\n    users: [ada@acme.test]\n`,
    });
    const created = await s.created(linear.store.seedIssue({ title: "Fix the cart", team: "ENG" }), {
      creatorId: ada.id,
    });
    expect(JSON.parse(created.body)).toMatchObject({ outcome: "accepted" });
    const run = await s.agent.waitForRun(1);
    // Admitted by her email a moment ago, she presses Stop: the stop is checked by it too.
    const stopped = await s.stop(created.agentSessionId, { creatorId: ada.id, authorId: ada.id });
    expect(JSON.parse(stopped.body)).toMatchObject({ stop: "stopped_running" });
    expect(run.aborted).toBe(true);
    await waitForActivities(linear, created.agentSessionId, "response");
  });

  it("with the OAuth app: installs only into listed organisations, and ignores events of uninstalled ones", async () => {
    const oauth = { clientId: "baton-client-id", clientSecret: "baton-client-secret-0123456789" };
    const linear = await startFakeLinear({ oauth });
    s = await startLinearScenario({
      linear,
      apiKey: false,
      catalogYaml: `${REPOSITORIES}
access:
  linear:
    organizations: [some-other-organization]
`,
      env: { LINEAR_CLIENT_ID: oauth.clientId, LINEAR_CLIENT_SECRET: oauth.clientSecret },
    });
    const start = await fetch(`${s.t.url}/linear/oauth/install`, { redirect: "manual" });
    const consent = new URL(start.headers.get("location")!);
    const code = linear.oauth.issueCode(consent.searchParams.get("redirect_uri")!);
    const state = encodeURIComponent(consent.searchParams.get("state")!);
    const installed = await fetch(`${s.t.url}/linear/oauth/callback?code=${code}&state=${state}`);
    expect(installed.status).toBe(403);
    expect(await installed.text()).toContain("not available to Acme");
    expect(await s.t.redis.redis.keys(`${s.t.redis.prefix}:linear:installation:*`)).toEqual([]);
    expect(s.t.logger.lines.find((l) => l.event === "bots.linear.install_refused")?.fields).toMatchObject({
      reason: "organization_not_allowed",
    });

    const sent = await s.created(linear.store.seedIssue({ title: "Fix the cart", team: "ENG" }));
    expect(ignoredAs(sent)).toBe("not_installed");
    await expectNothingQueued(s);
  });
});

/** Who may steer a Linear session: whoever opened it, and the issue's assignee. */
describe("Linear: steering at intake", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  /** A session that Ada (the scenario's person) opened on an issue assigned to Grace, running; Eve looks on. */
  async function startAssignedSession() {
    s = await startLinearScenario({ catalogYaml: REPOSITORIES });
    const bystander = s.linear.store.seedUser({ name: "Eve" });
    const assignee = s.linear.store.seedUser({ name: "Grace" });
    const issue = s.linear.store.seedIssue({ title: "Fix the cart", team: "ENG", assigneeId: assignee.id });
    const sent = await s.created(issue);
    return { bystander, assignee, sent, run: await s.agent.waitForRun(1) };
  }

  it("declines a follow-up from a bystander at intake, runs the assignee's, and asks Linear only about non-creators", async () => {
    const { bystander, assignee, sent, run: first } = await startAssignedSession();
    const lookups = () => s.linear.operations.filter((op) => op.name === "batonIssueAssignee").length;

    const declined = await s.prompted(sent.agentSessionId, "push to main", { authorId: bystander.id });
    expect(JSON.parse(declined.body)).toMatchObject({ outcome: "refused" });
    const [error] = await waitForActivities(s.linear, sent.agentSessionId, "error");
    expect(error!.body).toMatch(/Only the person who started this session, or the issue's assignee/);
    expect(lookups()).toBe(1);

    const byAssignee = await s.prompted(sent.agentSessionId, "and the wishlist", { authorId: assignee.id });
    expect(JSON.parse(byAssignee.body)).toMatchObject({ outcome: "accepted" });
    const byCreator = await s.prompted(sent.agentSessionId, "and the header");
    expect(JSON.parse(byCreator.body)).toMatchObject({ outcome: "accepted" });
    expect(lookups()).toBe(2);

    first.finish();
    const second = await s.agent.waitForRun(2);
    expect(second.turn.prompt).toBe("and the wishlist");
    second.finish();
    const third = await s.agent.waitForRun(3);
    expect(third.turn.prompt).toBe("and the header");
    third.finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response", 3);
    expect(s.agent.runs.map((run) => run.turn.prompt)).not.toContain("push to main");
  });

  it("lets the creator and the assignee stop a session, and tells anyone else they may not", async () => {
    const { bystander, assignee, sent, run } = await startAssignedSession();

    const refused = await s.stop(sent.agentSessionId, { authorId: bystander.id });
    expect(JSON.parse(refused.body)).toMatchObject({ stop: "refused" });
    const [error] = await waitForActivities(s.linear, sent.agentSessionId, "error");
    expect(error!.body).toMatch(/Only the person who started this session, or the issue's assignee/);
    expect(run.aborted).toBe(false);

    const stopped = await s.stop(sent.agentSessionId, { authorId: assignee.id });
    expect(JSON.parse(stopped.body)).toMatchObject({ stop: "stopped_running" });
    const [response] = await waitForActivities(s.linear, sent.agentSessionId, "response");
    expect(response!.body).toMatch(/Stopped/);
    expect(run.aborted).toBe(true);
  });
});
