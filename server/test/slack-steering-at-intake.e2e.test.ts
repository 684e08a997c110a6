import { conversationKey, createRedisKeys } from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { FAKE_SLACK_DEFAULTS, type TestBaton } from "./fixtures/start-test-baton.js";

/** A follow-up from someone who may not steer is declined at intake, never queued behind the running turn. */
describe("the steering check at intake", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario());
  });
  afterEach(() => t.close());

  it("declines another person's follow-up at once, while the requester's turn still runs", async () => {
    const { ts: threadTs } = await slack.mention({
      channel: "C0MINE",
      user: "U0ADA",
      text: "long migration",
    });
    const run = await agent.waitForRun(1);
    await slack.mention({ channel: "C0MINE", threadTs, user: "U0MALLORY", text: "push to main" });
    await eventually("Mallory told, while Ada's turn runs", () =>
      [...callsIn(t, "chat.postMessage", "C0MINE"), ...callsIn(t, "chat.postEphemeral", "C0MINE")].find((c) =>
        textOf(c).includes("Only <@U0ADA>"),
      ),
    );
    const keys = createRedisKeys(t.redis.prefix);
    const key = conversationKey({
      platform: "slack",
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      channelId: "C0MINE",
      threadTs,
    });
    expect(await t.redis.redis.llen(keys.inbox(key))).toBe(1);
    expect(run.aborted).toBe(false);
    run.finish();
    await slack.mention({ channel: "C0MINE", threadTs, user: "U0ADA", text: "and the follow-up" });
    expect((await agent.waitForRun(2)).turn.prompt).toBe("and the follow-up");
  });
});
