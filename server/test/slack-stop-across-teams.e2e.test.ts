import { buildAppMentionEvent, postSlackEvent, postSlackInteraction } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { FAKE_SLACK_DEFAULTS, TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";

const BOT = FAKE_SLACK_DEFAULTS.botUserId;

/** Stop on Enterprise Grid and in Slack Connect channels, where each payload names the team its own way. */
describe("the Stop button across teams", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  beforeEach(async () => {
    // The access policy lets people of other teams in: what these tests follow is where a click's
    // stop goes, whichever team its payload names (the Stop button is checked by the policy too).
    ({ t, agent } = await startSlackScenario({
      catalogYaml: "access:\n  slack:\n    externalUsers: true\n",
    }));
  });
  afterEach(() => t.close());

  async function mention(channel: string, extra: Record<string, unknown> = {}) {
    const envelope = {
      ...buildAppMentionEvent({
        teamId: "T0HOME",
        botUserId: BOT,
        channelId: channel,
        userId: "U0ADA",
        text: `<@${BOT}> run the slow migration`,
      }),
      ...extra,
    };
    await postSlackEvent(`${t.url}/slack/events`, envelope, { signingSecret: TEST_SIGNING_SECRET });
  }

  async function stopButtonValue(channel: string): Promise<string> {
    const working = await eventually("the working message", () =>
      callsIn(t, "chat.postMessage", channel).find((c) => textOf(c).includes("Working on it")),
    );
    const blocks = (
      working.body as { blocks?: Array<{ elements?: Array<{ action_id?: string; value?: string }> }> }
    ).blocks;
    const value = blocks?.flatMap((b) => b.elements ?? []).find((e) => e.action_id === "baton_stop")?.value;
    if (!value) throw new Error("the working message has no Stop button");
    return value;
  }

  function click(
    channel: string,
    value: string,
    who: { team: unknown; userTeam: string; enterprise?: unknown },
  ) {
    return postSlackInteraction(
      `${t.url}/slack/events`,
      {
        type: "block_actions",
        team: who.team,
        enterprise: who.enterprise ?? null,
        user: { id: "U0ADA", username: "ada", team_id: who.userTeam },
        api_app_id: FAKE_SLACK_DEFAULTS.appId,
        token: "legacy",
        trigger_id: `${Date.now()}.trigger`,
        container: { type: "message", channel_id: channel, is_ephemeral: false },
        channel: { id: channel, name: "shared" },
        actions: [{ type: "button", action_id: "baton_stop", block_id: "b", value, action_ts: "1" }],
      },
      { signingSecret: TEST_SIGNING_SECRET },
    );
  }

  it("a click that names another team (Slack Connect) stops the turn the button was posted for", async () => {
    await mention("C0SHARED", { is_ext_shared_channel: true });
    const run = await agent.waitForRun(1);
    const value = await stopButtonValue("C0SHARED");
    await click("C0SHARED", value, { team: { id: "T0PARTNER" }, userTeam: "T0PARTNER" });
    await eventually("the turn stopped", () => run.aborted);
    expect(run.aborted).toBe(true);
  });

  it("on Enterprise Grid, a click from another workspace of the org stops the turn (even an old button)", async () => {
    await mention("C0GRID", { enterprise_id: "E0ORG" });
    const run = await agent.waitForRun(1);
    const threadTs = (run.turn.turn.request.conversation as { threadTs: string }).threadTs;
    // A button posted before values carried the team: only `channel|thread`.
    await click("C0GRID", `C0GRID|${threadTs}`, {
      team: null,
      userTeam: "T0OTHERWS",
      enterprise: { id: "E0ORG", name: "Org" },
    });
    await eventually("the turn stopped", () => run.aborted);
    expect(run.aborted).toBe(true);
  });
});
