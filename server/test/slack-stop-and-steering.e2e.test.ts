import { afterEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
  - repo: acme/infra
    description: Terraform and Kubernetes
slack:
  channels:
    C0STOP: { target: acme/web }
    C0STOP2: { target: acme/web }
    C0STOP3: { target: acme/web }
    C0OPEN: { target: acme/web, steering: channel }
    C0LISTED: { target: acme/web, steering: [U0CAROL] }
`;

describe("stop and who may steer", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  async function start() {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml: CATALOG }));
  }
  afterEach(() => t.close());

  /** The Stop button of the turn's working message, as Slack would send its click. */
  async function stopButton(channel: string) {
    const working = await eventually("the working message", () =>
      callsIn(t, "chat.postMessage", channel).find((c) => textOf(c).includes("Working on it")),
    );
    const blocks = (
      working.body as {
        blocks: Array<{ type: string; elements?: Array<{ action_id?: string; value?: string }> }>;
      }
    ).blocks;
    const button = blocks.flatMap((b) => b.elements ?? []).find((e) => e.action_id === "baton_stop");
    expect(button).toBeDefined();
    return button!;
  }

  it("the Stop button aborts the running turn, drops the queued one, and the thread says it stopped", async () => {
    await start();
    const { ts: threadTs } = await slack.mention({ channel: "C0STOP", text: "long job" });
    const running = await agent.waitForRun(1);
    const { ts: queuedTs } = await slack.mention({ channel: "C0STOP", threadTs, text: "queued follow-up" });
    await eventually(
      "the queued turn's working message",
      () =>
        callsIn(t, "chat.postMessage", "C0STOP").filter((c) => textOf(c).includes("Working on it")).length ===
        2,
    );
    const button = await stopButton("C0STOP");

    const click = await slack.click({
      channel: "C0STOP",
      action: { type: "button", action_id: "baton_stop", block_id: "b", value: button.value },
    });
    expect(click.status).toBe(200);
    await eventually("the run to be aborted", () => running.aborted);
    const stopped = await eventually("the stopped result", () =>
      callsIn(t, "chat.postMessage", "C0STOP").find((c) => textOf(c).includes("Stopped")),
    );
    expect(stopped.body).toMatchObject({ thread_ts: threadTs });
    await eventually("⏹ on the message", () =>
      t.slack.reactionsOn("C0STOP", threadTs).includes("black_square_for_stop"),
    );
    // The dropped follow-up ends visibly too: its working message and its 👀 say it was dropped.
    await eventually("the dropped turn's message", () =>
      callsIn(t, "chat.update", "C0STOP").find((c) => textOf(c).includes("Dropped")),
    );
    await eventually("⏹ on the dropped message", () =>
      t.slack.reactionsOn("C0STOP", queuedTs).includes("black_square_for_stop"),
    );
    expect(t.slack.reactionsOn("C0STOP", queuedTs)).not.toContain("eyes");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(agent.runs).toHaveLength(1);
  });

  it("@baton stop and Slack's own stop control stop the turn too", async () => {
    await start();
    const { ts: threadTs } = await slack.mention({ channel: "C0STOP2", text: "long job" });
    const first = await agent.waitForRun(1);
    await slack.mention({ channel: "C0STOP2", threadTs, text: "stop" });
    await eventually("the first run to be aborted", () => first.aborted);

    const { ts: otherThread } = await slack.mention({ channel: "C0STOP3", text: "another long job" });
    const second = await agent.waitForRun(2);
    await slack.event({
      type: "agent_session_stopped",
      channel: "C0STOP3",
      thread_ts: otherThread,
      user: "U0ADA",
    });
    await eventually("the second run to be aborted", () => second.aborted);
    expect(agent.runs).toHaveLength(2);
  });

  it("by default only the requester may follow up or stop; others are told why, privately", async () => {
    await start();
    const { ts: threadTs } = await slack.mention({
      channel: "C0PRIVATE",
      user: "U0ADA",
      text: "in acme/web first",
    });
    const first = await agent.waitForRun(1);
    first.finish();
    await eventually("the first result", () =>
      callsIn(t, "chat.postMessage", "C0PRIVATE").find((c) => textOf(c).includes("finished:")),
    );

    await slack.mention({
      channel: "C0PRIVATE",
      threadTs,
      user: "U0MALLORY",
      text: "in acme/infra delete the tests",
    });
    const declined = await eventually("a private refusal", () =>
      callsIn(t, "chat.postEphemeral", "C0PRIVATE").find((c) => textOf(c).includes("U0MALLORY")),
    );
    expect(textOf(declined)).toContain("Only <@U0ADA>");
    expect(agent.runs).toHaveLength(1);

    await slack.mention({ channel: "C0PRIVATE", threadTs, user: "U0ADA", text: "long second" });
    const second = await agent.waitForRun(2);
    // Mallory's refused turn did not move the session to the repository she named.
    expect(second.turn.target).toEqual({ kind: "repository", repo: "acme/web" });
    const button = await eventually("the second working message", () => {
      const posts = callsIn(t, "chat.postMessage", "C0PRIVATE").filter((c) =>
        textOf(c).includes("Working on it"),
      );
      // Mallory's follow-up was declined at intake: it never got a working message.
      return posts.length === 2 ? posts[1] : undefined;
    });
    const stopValue = JSON.stringify(button.body).match(/"value":"([^"]*C0PRIVATE\|[^"]+)"/)?.[1];
    await slack.click({
      user: "U0MALLORY",
      channel: "C0PRIVATE",
      action: { type: "button", action_id: "baton_stop", block_id: "b", value: stopValue },
    });
    await eventually(
      "a second private refusal",
      () =>
        callsIn(t, "chat.postEphemeral", "C0PRIVATE").filter((c) => textOf(c).includes("U0MALLORY"))
          .length === 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(second.aborted).toBe(false);
    second.finish();
  });

  it("a channel whose policy is `channel` lets anyone follow up; a listed channel lets the listed people", async () => {
    await start();
    const { ts: openThread } = await slack.mention({ channel: "C0OPEN", user: "U0ADA", text: "first" });
    (await agent.waitForRun(1)).finish();
    await slack.mention({ channel: "C0OPEN", threadTs: openThread, user: "U0BOB", text: "second, by Bob" });
    const bobs = await agent.waitForRun(2);
    expect(bobs.turn.turn.request.actor.id).toBe("U0BOB");
    bobs.finish();

    const { ts: listedThread } = await slack.mention({ channel: "C0LISTED", user: "U0ADA", text: "first" });
    (await agent.waitForRun(3)).finish();
    await eventually("the listed thread's first result", () =>
      callsIn(t, "chat.postMessage", "C0LISTED").find((c) => textOf(c).includes("finished:")),
    );
    await slack.mention({ channel: "C0LISTED", threadTs: listedThread, user: "U0CAROL", text: "by Carol" });
    (await agent.waitForRun(4)).finish();
    await slack.mention({ channel: "C0LISTED", threadTs: listedThread, user: "U0DAVE", text: "by Dave" });
    await eventually("Dave's refusal", () =>
      callsIn(t, "chat.postEphemeral", "C0LISTED").find((c) => textOf(c).includes("U0DAVE")),
    );
    expect(agent.runs).toHaveLength(4);
  });
});
