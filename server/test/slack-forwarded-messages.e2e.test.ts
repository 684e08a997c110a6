import { newMessageTs } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

const FORWARDED_TS = "1700000100.000200";
const PERMALINK = "https://fake-team.slack.com/archives/C0ENG/p1700000100000200";

/** A message forwarded (shared) from #eng, as Slack puts it in the new message's `attachments`. */
function forwardedAttachment(fields: Record<string, unknown> = {}) {
  return {
    id: 1,
    ts: FORWARDED_TS,
    channel_id: "C0ENG",
    channel_team: "T0FAKE",
    channel_name: "eng",
    is_msg_unfurl: true,
    is_share: true,
    private_channel_prompt: true,
    author_id: "U0GRACE",
    author_name: "Grace Hopper",
    author_link: "https://fake-team.slack.com/team/U0GRACE",
    author_icon: "https://avatars.slack-edge.com/grace_48.png",
    author_subname: "Grace Hopper",
    color: "D0D0D0",
    text: "The nightly export job has failed three nights running:\n`ENOSPC` on /tmp",
    fallback:
      "[November 14th, 2023 10:15 PM] Grace Hopper: The nightly export job has failed three nights running",
    from_url: PERMALINK,
    original_url: PERMALINK,
    footer: "Posted in #eng",
    mrkdwn_in: ["text"],
    ...fields,
  };
}

/** A DM to Baton as Slack sends it when someone forwards a message there. */
function forwardedDm(text: string, attachments: unknown[]) {
  const ts = newMessageTs();
  return {
    ts,
    event: {
      type: "message",
      channel: "D0DIRECT",
      channel_type: "im",
      user: "U0ADA",
      team: "T0FAKE",
      text,
      ts,
      event_ts: ts,
      attachments,
    },
  };
}

describe("Slack: messages forwarded to Baton", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario());
  });
  afterEach(() => t.close());

  it("works on a forward with no comment: the forwarded text, its author and its link are the request", async () => {
    const { ts, event } = forwardedDm("", [forwardedAttachment()]);
    const response = await slack.event(event);
    expect(response.status).toBe(200);

    await eventually("👀 on the forward", () =>
      callsIn(t, "reactions.add", "D0DIRECT").find((c) => (c.body as { timestamp: string }).timestamp === ts),
    );
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toContain("The nightly export job has failed three nights running:");
    expect(run.turn.prompt).toContain("`ENOSPC` on /tmp");
    expect(run.turn.prompt).toContain("Grace Hopper");
    expect(run.turn.prompt).toContain("#eng");
    expect(run.turn.prompt).toContain(PERMALINK);
    run.finish();
    const reply = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "D0DIRECT").find((c) => textOf(c).includes("finished:")),
    );
    expect(reply.body).toMatchObject({ thread_ts: ts });
  });

  it("puts the person's own comment first, and the forward after it as what they quote", async () => {
    const { event } = forwardedDm("can you find out why this keeps failing?", [forwardedAttachment()]);
    await slack.event(event);
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt.startsWith("can you find out why this keeps failing?")).toBe(true);
    expect(run.turn.prompt).toMatch(/\n> The nightly export job has failed three nights running:/);
    run.finish();
  });

  it("passes Slack's markup on as plain text, in the comment and in the forward", async () => {
    const { event } = forwardedDm("<@U0GRACE> saw this in <#C0OPS|ops> &amp; <#C0SRE>", [
      forwardedAttachment({ text: "see <https://status.test/export|the status page> &gt; export" }),
    ]);
    await slack.event(event);
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt.startsWith("@U0GRACE saw this in #ops & #C0SRE")).toBe(true);
    expect(run.turn.prompt).toContain("> see the status page (https://status.test/export) > export");
    expect(run.turn.prompt).not.toMatch(/<[#@]|&amp;|&gt;/);
    run.finish();
  });

  it("keeps flags in someone else's forwarded words from choosing anything", async () => {
    const { event } = forwardedDm("", [
      forwardedAttachment({ text: "!model gpt-evil please look at the export" }),
    ]);
    await slack.event(event);
    const run = await agent.waitForRun(1);
    expect(run.turn.turn.request.hints.model).toBeUndefined();
    expect(run.turn.prompt).toContain("please look at the export");
    run.finish();
  });

  it("answers a forward it cannot read, and starts nothing", async () => {
    const { ts, event } = forwardedDm("", [
      forwardedAttachment({ text: "", fallback: "", author_name: undefined, author_subname: undefined }),
    ]);
    const response = await slack.event(event);
    expect(response.status).toBe(200);
    const reply = await eventually("the answer", () =>
      callsIn(t, "chat.postMessage", "D0DIRECT").find((c) => textOf(c).includes("forward")),
    );
    expect(reply.body).toMatchObject({ thread_ts: ts });
    expect(textOf(reply)).toMatch(/could not read/i);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.runs).toHaveLength(0);
  });
});
