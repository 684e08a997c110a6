import { postSlackEvent } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { TEST_SIGNING_SECRET, type TestBaton } from "./fixtures/start-test-baton.js";

describe("a delivery Slack sends twice acts once", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario());
  });
  afterEach(() => t.close());

  const replay = (envelope: object) =>
    postSlackEvent(`${t.url}/slack/events`, envelope, { signingSecret: TEST_SIGNING_SECRET });

  it("a replayed control word (@baton share) posts one link", async () => {
    const { ts: threadTs } = await slack.mention({ channel: "C0REPLAY", text: "summarise the README" });
    (await agent.waitForRun(1)).finish();
    await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0REPLAY").find((c) => textOf(c).includes("finished:")),
    );
    const { envelope } = await slack.mention({ channel: "C0REPLAY", threadTs, text: "share" });
    expect((await replay(envelope)).status).toBe(200);
    // As a person would, unshare once the link is there: the channel's posts are paced by Slack's
    // budget (about one a second), so an unshare sent at once could be answered before the link.
    await eventually("the link", () =>
      callsIn(t, "chat.postMessage", "C0REPLAY").find((c) => textOf(c).includes("Read-only transcript")),
    );
    await slack.mention({ channel: "C0REPLAY", threadTs, text: "unshare" });
    await eventually("the revocation notice", () =>
      callsIn(t, "chat.postMessage", "C0REPLAY").find((c) => textOf(c).includes("no longer works")),
    );
    const links = callsIn(t, "chat.postMessage", "C0REPLAY").filter((c) =>
      textOf(c).includes("Read-only transcript"),
    );
    expect(links).toHaveLength(1);
  });

  it("a replayed /baton posts its root message once and starts one turn", async () => {
    const triggerId = "1700000000.replayed";
    await slack.slashCommand({ channel: "C0CMD", text: "fix the flaky login test", triggerId });
    await slack.slashCommand({ channel: "C0CMD", text: "fix the flaky login test", triggerId });
    await slack.slashCommand({ channel: "C0CMD", text: "tidy the changelog" });
    await eventually("both roots", () =>
      callsIn(t, "chat.postMessage", "C0CMD").find((c) => textOf(c).includes("tidy the changelog")),
    );
    (await agent.waitForRun(1)).finish();
    (await agent.waitForRun(2)).finish();
    const roots = callsIn(t, "chat.postMessage", "C0CMD").filter((c) =>
      textOf(c).includes("asked Baton: fix the flaky login test"),
    );
    expect(roots).toHaveLength(1);
    expect(agent.runs.map((run) => run.turn.prompt).sort()).toEqual([
      "fix the flaky login test",
      "tidy the changelog",
    ]);
  });
});
