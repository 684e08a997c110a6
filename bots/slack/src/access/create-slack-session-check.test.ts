import { createPlatformPolicies, parseCatalog } from "@baton/core";
import { FAKE_SLACK_DEFAULTS, type FakeSlack, startFakeSlack } from "@baton/testkit";
import { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { slackPolicy } from "../policy/slack-policy.js";
import { createSlackPeople } from "./create-slack-people.js";
import { createSlackSessionCheck } from "./create-slack-session-check.js";

// The quiet check routing learning asks: the same `access.slack` policy as the door, told to nobody.
describe("createSlackSessionCheck, against the fake Slack Web API", () => {
  let slack: FakeSlack;
  let client: WebClient;
  const teamId = FAKE_SLACK_DEFAULTS.teamId;
  beforeEach(async () => {
    slack = await startFakeSlack();
    client = new WebClient("xoxb-test", { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
    slack.seedUser({ id: "U0ADA", name: "ada" });
    slack.seedUser({ id: "U0GUEST", name: "guest", guest: "multi_channel" });
    slack.seedUser({ id: "U0GRACE", name: "grace" });
    slack.seedUserGroup({ id: "S0EDITORS", users: ["U0GRACE"] });
  });
  afterEach(() => slack.close());

  const check = (access: Record<string, unknown>) =>
    createSlackSessionCheck({
      catalog: parseCatalog({ access: { slack: access } }, "test", createPlatformPolicies([slackPolicy])),
      client,
      people: createSlackPeople({ client }),
    });

  it("follows the channel, user, group and guest lists, and posts nothing", async () => {
    const policy = check({
      channels: ["C0PAY"],
      users: ["U0ADA", "U0GUEST"],
      userGroups: ["S0EDITORS"],
      guests: false,
    });
    expect(await policy({ teamId, channelId: "C0PAY", userId: "U0ADA" })).toBe(true);
    expect(await policy({ teamId, channelId: "C0PAY", userId: "U0GRACE" })).toBe(true);
    expect(await policy({ teamId, channelId: "C0ELSE", userId: "U0ADA" })).toBe(false);
    expect(await policy({ teamId, channelId: "C0PAY", userId: "U0MALLORY" })).toBe(false);
    expect(await policy({ teamId, channelId: "C0PAY", userId: "U0GUEST" })).toBe(false);
    expect(slack.callsTo("chat.postEphemeral")).toHaveLength(0);
  });

  it("lets everyone in where the policy lists nobody", async () => {
    expect(await check({})({ teamId, channelId: "C0ANY", userId: "U0MALLORY" })).toBe(true);
  });
});
