import { createLearnedRoutingStore, createRedisKeys } from "@baton/core";
import { postSlackInteraction } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { FAKE_SLACK_DEFAULTS, TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";

// No channel is mapped, and "the flaky login test" matches no description: Baton asks.
const CATALOG = `
repositories:
  - { repo: acme/web, description: Customer-facing storefront (Next.js) }
  - { repo: acme/api, description: Public REST API }
  - { repo: acme/infra, description: Terraform and Kubernetes manifests }
learning:
  approvers: [U0LEAD]
`;

type Block = { type: string; block_id?: string; elements?: Array<Record<string, unknown>> };

describe("routing learns from the picker (Slack, end to end)", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  afterEach(() => t.close());

  const inThread = (method: string, channel: string, threadTs: string) =>
    callsIn(t, method, channel).filter((c) => (c.body as { thread_ts?: string }).thread_ts === threadTs);

  /** A new thread in the channel; answers the picker with `target` when Baton asks. */
  async function request(channel: string, user: string, text: string, answer?: string) {
    const { ts } = await slack.mention({ channel, user, text });
    if (answer) {
      const picker = await eventually("the picker", () =>
        inThread("chat.postMessage", channel, ts).find((c) =>
          JSON.stringify(c.body).includes("baton_pick:ask:"),
        ),
      );
      const blocks = (picker.body as { blocks: Block[] }).blocks;
      const actions = blocks.find((b) => b.type === "actions" && b.block_id?.startsWith("baton_pick"));
      await slack.click({
        user,
        channel,
        action: {
          type: "static_select",
          action_id: "baton_pick_select",
          block_id: actions?.block_id,
          selected_option: { value: answer, text: { type: "plain_text", text: answer } },
        },
      });
    }
    return ts;
  }

  it("a picker answer given twice in a channel sends the third request there straight away, and offers to keep it", async () => {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml: CATALOG }));
    await request("C0LEARN", "U0ADA", "fix the flaky login test", "acme/api");
    const first = await agent.waitForRun(1);
    expect(first.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    first.finish();
    await request("C0LEARN", "U0BOB", "the export times out for big accounts", "acme/api");
    const second = await agent.waitForRun(2);
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    second.finish();

    const third = await request("C0LEARN", "U0CEC", "the flaky login test is back");
    const run = await agent.waitForRun(3);
    expect(run.turn.target).toEqual({ kind: "repository", repo: "acme/api" });
    expect(run.turn.turn.request.conversation).toMatchObject({ channelId: "C0LEARN", threadTs: third });
    expect(
      inThread("chat.postMessage", "C0LEARN", third).some((c) =>
        JSON.stringify(c.body).includes("baton_pick"),
      ),
    ).toBe(false);
    const offer = await eventually("the offer to keep it", () =>
      inThread("chat.postMessage", "C0LEARN", third).find((c) => textOf(c).includes("Always use acme/api")),
    );
    run.finish();

    // Another channel learned nothing.
    await request("C0ELSE", "U0ADA", "fix the flaky login test", "acme/web");
    (await agent.waitForRun(4)).finish();

    // Only an approver's acceptance makes it the channel's mapping.
    const value = (
      (offer.body as { blocks: Block[] }).blocks
        .flatMap((b) => b.elements ?? [])
        .find((e) => e.action_id === "baton_mapping_accept") as { value: string }
    ).value;
    // Nor may anyone else dismiss it: the offer stays for the approvers.
    await slack.click({
      user: "U0ADA",
      channel: "C0LEARN",
      action: { type: "button", action_id: "baton_mapping_dismiss", block_id: "baton_mapping_offer", value },
    });
    const dismissRefused = await eventually("the dismissal's refusal", () =>
      t.slack.callsTo("response").find((c) => textOf(c).includes("learning.approvers")),
    );
    expect(dismissRefused.body).toMatchObject({ replace_original: false });
    expect(t.slack.callsTo("response").some((c) => textOf(c).includes("left routing as it is"))).toBe(false);
    const accept = (user: string) =>
      slack.click({
        user,
        channel: "C0LEARN",
        action: { type: "button", action_id: "baton_mapping_accept", block_id: "baton_mapping_offer", value },
      });
    await accept("U0ADA");
    await eventually("the refusal", () =>
      t.slack.callsTo("response").filter((c) => textOf(c).includes("learning.approvers")).length === 2
        ? true
        : undefined,
    );
    await accept("U0LEAD");
    await eventually("the acceptance", () =>
      t.slack.callsTo("response").find((c) => textOf(c).includes("made acme/api the mapping")),
    );
    const placeKey = `${t.redis.prefix}:learned:{slack:C0LEARN}:place`;
    const learned = await t.redis.redis.hget(placeKey, "accepted");
    expect(JSON.parse(learned ?? "{}")).toMatchObject({ targetRef: "acme/api", byId: "U0LEAD" });

    // An offer's buttons change the channel they were posted in, never another one.
    const forgetValue = value.replace("slack:C0LEARN", "slack:C0ELSE");
    await slack.click({
      user: "U0LEAD",
      channel: "C0LEARN",
      action: { type: "button", action_id: "baton_mapping_forget", block_id: "b", value: forgetValue },
    });
    // Forgotten in the thread, by an approver: the channel asks again.
    await slack.click({
      user: "U0LEAD",
      channel: "C0LEARN",
      action: {
        type: "button",
        action_id: "baton_mapping_forget",
        block_id: "baton_mapping_accepted",
        value,
      },
    });
    await eventually("the forgetting", () =>
      t.slack.callsTo("response").find((c) => textOf(c).includes("forget what it learned here")),
    );
    expect(await t.redis.redis.exists(placeKey)).toBe(0);
    expect(await t.redis.redis.exists(`${t.redis.prefix}:learned:{slack:C0ELSE}:place`)).toBe(1);
    const fourth = await request("C0LEARN", "U0ADA", "the flaky login test failed once more", "acme/web");
    const run5 = await agent.waitForRun(5);
    expect(run5.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    expect(run5.turn.turn.request.conversation).toMatchObject({ threadTs: fourth });
    run5.finish();
  });

  it("a Slack Connect external, whom the access policy refuses, may not accept the offer", async () => {
    // No approvers: whoever the access policy lets start sessions in the channel may accept.
    ({ t, agent, slack } = await startSlackScenario({
      catalogYaml: "repositories:\n  - { repo: acme/api, description: Public REST API }\n",
    }));
    const store = createLearnedRoutingStore({ redis: t.redis.redis, keys: createRedisKeys(t.redis.prefix) });
    const place = {
      key: "slack:C0LEARN",
      label: "#learn",
      catalogPath: ["slack", "channels", "C0LEARN", "target"],
    };
    for (const conversationKey of ["conv-1", "conv-2"])
      await store.recordVote(place, {
        conversationKey,
        targetRef: "acme/api",
        actorId: "U0ADA",
        at: new Date().toISOString(),
      });
    const value = JSON.stringify({ placeKey: "slack:C0LEARN", targetRef: "acme/api" });
    await postSlackInteraction(
      `${t.url}/slack/events`,
      {
        type: "block_actions",
        team: { id: FAKE_SLACK_DEFAULTS.teamId, domain: "fake-team" },
        user: { id: "U0BOB", username: "U0BOB", team_id: "T0PARTNER" },
        api_app_id: FAKE_SLACK_DEFAULTS.appId,
        token: "legacy",
        trigger_id: `${Date.now()}.trigger`,
        container: { type: "message", channel_id: "C0LEARN", is_ephemeral: false },
        channel: { id: "C0LEARN", name: "learn" },
        response_url: `${t.slack.url}response`,
        actions: [
          {
            action_ts: `${Date.now() / 1000}`,
            type: "button",
            action_id: "baton_mapping_accept",
            block_id: "baton_mapping_offer",
            value,
          },
        ],
      },
      { signingSecret: TEST_SIGNING_SECRET },
    );
    await eventually("the answer to the click", () => t.slack.callsTo("response")[0]);
    expect(textOf(t.slack.callsTo("response")[0])).toContain("learning.approvers");
    expect((await store.read("slack:C0LEARN"))?.accepted).toBeNull();
    expect(agent.runs).toHaveLength(0);
  });
});
