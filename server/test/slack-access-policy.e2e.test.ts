import { buildAppMentionEvent, postSlackEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { FAKE_SLACK_DEFAULTS, TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
  - repo: acme/infra
    description: Terraform and Kubernetes manifests
slack:
  channels:
    C0ENG:
      targets: [acme/web]
    C0INFRA:
      targets: [Acme/Infra]
access:
  slack:
    channels: [C0ENG, C0OPS, C0INFRA]
    users: [U0ADA, U0BOB]
`;

/** The private refusals Baton posted to `user` in `channel`. */
function refusalsTo(t: TestBaton, channel: string, user: string) {
  return callsIn(t, "chat.postEphemeral", channel).filter((c) => (c.body as { user?: string }).user === user);
}

/** Who may use Baton at all (access.slack), and which targets a channel may use. */
describe("the access policy", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml: CATALOG }));
  });
  afterEach(() => t.close());

  const refusals = (channel: string, user: string) => refusalsTo(t, channel, user);

  it("refuses a channel it does not list, once, and starts nothing", async () => {
    await slack.mention({ channel: "C0RANDOM", user: "U0ADA", text: "in acme/web fix the login test" });
    await slack.mention({ channel: "C0RANDOM", user: "U0ADA", text: "please, fix the login test" });
    await slack.mention({ channel: "C0OPS", user: "U0BOB", text: "in acme/web fix the header" });
    const run = await agent.waitForRun(1);
    expect(run.turn.turn.request.actor.id).toBe("U0BOB");
    run.finish();
    await eventually("the refusal", () => refusals("C0RANDOM", "U0ADA").length === 1);
    expect(textOf(refusals("C0RANDOM", "U0ADA")[0])).toContain("not available in this channel");
    expect(callsIn(t, "chat.postMessage", "C0RANDOM")).toHaveLength(0);
    expect(agent.runs).toHaveLength(1);
  });

  it("refuses people it does not list, in a mention and in /baton (before /baton posts anything)", async () => {
    await slack.mention({ channel: "C0OPS", user: "U0EVE", text: "in acme/web delete the tests" });
    await slack.slashCommand({ channel: "C0OPS", user: "U0MALLORY", text: "in acme/web delete the tests" });
    await eventually("both refusals", () =>
      refusals("C0OPS", "U0EVE").length === 1 && refusals("C0OPS", "U0MALLORY").length === 1
        ? true
        : undefined,
    );
    expect(textOf(refusals("C0OPS", "U0EVE")[0])).toContain("not available to you");
    expect(callsIn(t, "chat.postMessage", "C0OPS")).toHaveLength(0);
    expect(agent.runs).toHaveLength(0);
  });

  it("refuses a Slack Connect external by default, even one the policy lists by id", async () => {
    const envelope = {
      ...buildAppMentionEvent({
        teamId: FAKE_SLACK_DEFAULTS.teamId,
        botUserId: FAKE_SLACK_DEFAULTS.botUserId,
        channelId: "C0OPS",
        userId: "U0BOB",
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> in acme/web drop the tables`,
      }),
      is_ext_shared_channel: true,
    };
    envelope.event.team = "T0PARTNER";
    (envelope.event as unknown as Record<string, unknown>).user_team = "T0PARTNER";
    await postSlackEvent(`${t.url}/slack/events`, envelope, { signingSecret: TEST_SIGNING_SECRET });
    await eventually("the refusal", () => refusals("C0OPS", "U0BOB").length === 1);
    expect(textOf(refusals("C0OPS", "U0BOB")[0])).toContain("outside this organisation");
    expect(agent.runs).toHaveLength(0);
  });

  it("keeps a channel to its targets, whatever the request names", async () => {
    await slack.mention({ channel: "C0ENG", user: "U0ADA", text: "in acme/infra open the firewall" });
    await eventually("the decline", () =>
      refusals("C0ENG", "U0ADA").find((c) => textOf(c).includes("may only use acme/web")),
    );
    expect(agent.runs).toHaveLength(0);
    await slack.mention({ channel: "C0ENG", user: "U0ADA", text: "in acme/web fix the header" });
    const run = await agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    run.finish();
  });

  it("allows a channel's target however its list spells the repository", async () => {
    // C0INFRA lists Acme/Infra; the catalog and the request say acme/infra, GitHub's same repository.
    await slack.mention({ channel: "C0INFRA", user: "U0ADA", text: "in acme/infra open the firewall" });
    const run = await agent.waitForRun(1);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/infra" });
    run.finish();
    expect(refusals("C0INFRA", "U0ADA")).toEqual([]);
  });
});

const GROUP_CATALOG = `
repositories:
  - repo: acme/web
access:
  slack:
    userGroups: [S0DEVS]
`;

/** `access.slack.userGroups`: members are asked of Slack (usergroups.users.list), cached, and a failed lookup refuses. */
describe("the access policy's user groups", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml: GROUP_CATALOG }));
  });
  afterEach(() => t.close());

  const refusals = (channel: string, user: string) => refusalsTo(t, channel, user);

  it("lets a member of an allowed group start a session, refuses a non-member, and asks Slack once for both", async () => {
    t.slack.seedUserGroup({ id: "S0DEVS", users: ["U0ADA"] });
    await slack.mention({ channel: "C0OPS", user: "U0EVE", text: "in acme/web delete the tests" });
    await eventually("the refusal", () => refusals("C0OPS", "U0EVE").length === 1);
    expect(textOf(refusals("C0OPS", "U0EVE")[0])).toContain("not available to you");
    expect(agent.runs).toHaveLength(0);

    await slack.mention({ channel: "C0OPS", user: "U0ADA", text: "in acme/web fix the header" });
    const run = await agent.waitForRun(1);
    expect(run.turn.turn.request.actor.id).toBe("U0ADA");
    run.finish();
    // The members are cached: two people, one question to Slack, about the event's workspace.
    const lookups = t.slack.callsTo("usergroups.users.list");
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.body).toMatchObject({ usergroup: "S0DEVS", team_id: FAKE_SLACK_DEFAULTS.teamId });
  });

  it("refuses when Slack cannot say who is in the group, logs why, and asks again next time", async () => {
    t.slack.failNext("usergroups.users.list", { kind: "error", error: "no_such_subteam" });
    await slack.mention({ channel: "C0OPS", user: "U0ADA", text: "in acme/web fix the header" });
    await eventually("the refusal", () => refusals("C0OPS", "U0ADA").length === 1);
    expect(agent.runs).toHaveLength(0);
    const failure = t.logger.lines.find((l) => l.event === "bots.slack.access.lookup_failed");
    expect(failure?.fields).toMatchObject({ lookup: "user_group", user_group: "S0DEVS", user_id: "U0ADA" });
    expect(String(failure?.fields.error)).toContain("no_such_subteam");
    expect(t.logger.lines.some((l) => l.event === "core.access.refused")).toBe(true);

    // The failure was not cached: once Slack answers, the member gets in.
    t.slack.seedUserGroup({ id: "S0DEVS", users: ["U0ADA"] });
    await slack.mention({ channel: "C0OPS", user: "U0ADA", text: "in acme/web fix the header, please" });
    (await agent.waitForRun(1)).finish();
    expect(t.slack.callsTo("usergroups.users.list")).toHaveLength(2);
  });
});
