import { buildAppMentionEvent, FAKE_SLACK_DEFAULTS, newMessageTs } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { startSlackScenario } from "./fixtures/start-slack-scenario.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

describe("Socket Mode that cannot connect", () => {
  it("does not hold Baton up: it starts, serves, and says in one line what is wrong", async () => {
    const t = await startTestBaton({ env: { SLACK_APP_TOKEN: "xoxb-not-an-app-token" } });
    try {
      await eventually("the failure line", () =>
        t.logger.lines.find((l) => l.event === "server.slack.socket_mode_failed"),
      );
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      expect(t.logger.lines.some((l) => l.event === "server.started")).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe("Slack over Socket Mode", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  beforeEach(async () => {
    ({ t, agent } = await startSlackScenario({ env: { SLACK_APP_TOKEN: "xapp-1-A0FAKEAPP-1-test" } }));
  });
  afterEach(() => t.close());

  it("takes mentions and button clicks over the WebSocket, with the same behaviour as HTTP", async () => {
    await t.slack.socketMode.waitForConnections(1);
    const ts = newMessageTs();
    const envelope = buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: FAKE_SLACK_DEFAULTS.botUserId,
      channelId: "C0SOCKET",
      userId: "U0ADA",
      text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> fix it over the socket`,
      ts,
    });
    const ack = await t.slack.socketMode.send({ type: "events_api", payload: envelope });
    expect(ack.payload ?? {}).toEqual({});
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toBe("fix it over the socket");

    // The same delivery again (Slack's retry) starts nothing new.
    await t.slack.socketMode.send({
      type: "events_api",
      payload: envelope,
      retry_attempt: 1,
      retry_reason: "timeout",
    });

    const stopValue = `C0SOCKET|${ts}`;
    await t.slack.socketMode.send({
      type: "interactive",
      payload: {
        type: "block_actions",
        team: { id: FAKE_SLACK_DEFAULTS.teamId },
        user: { id: "U0ADA" },
        api_app_id: FAKE_SLACK_DEFAULTS.appId,
        token: "legacy",
        container: { type: "message", channel_id: "C0SOCKET" },
        channel: { id: "C0SOCKET" },
        actions: [
          { type: "button", action_id: "baton_stop", block_id: "b", value: stopValue, action_ts: "1" },
        ],
      },
    });
    await eventually("the run to be stopped", () => run.aborted);
    await eventually("the stopped result", () =>
      callsIn(t, "chat.postMessage", "C0SOCKET").find((c) => textOf(c).includes("Stopped")),
    );
    expect(agent.runs).toHaveLength(1);
  });
});
