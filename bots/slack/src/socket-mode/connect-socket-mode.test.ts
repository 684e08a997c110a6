import {
  buildAppMentionEvent,
  createRecordingLogger,
  type FakeSlack,
  type LogLine,
  startFakeSlack,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ConnectSocketModeOptions,
  connectSocketMode,
  type SocketModeConnection,
} from "./connect-socket-mode.js";
import type { InteractionAck } from "./socket-mode-ack-payload.js";

const APP_TOKEN = "xapp-1-A0FAKEAPP-1-secret";
// The SDK waits this long before reconnecting; shorter than its 5 s default keeps the reconnect
// test quick, long enough that a busy machine's pauses do not read as a dead connection.
const RECONNECT_TEST_PING_TIMEOUT_MS = 1_000;

/** Stand-ins for the SlackBot's two entry points: they record what they got and answer as told. */
function createHandlers() {
  const events: Array<{ envelope: unknown; retryNum: number | undefined }> = [];
  const interactions: Array<Record<string, unknown>> = [];
  const handlers = {
    events,
    interactions,
    eventAnswer: async (): Promise<unknown> => ({ kind: "accepted" }),
    interactionAnswer: async (): Promise<InteractionAck> => ({
      status: 200,
      body: "",
      contentType: "text/plain",
    }),
    routeEvent: async (envelope: unknown, retryNum?: number) => {
      events.push({ envelope, retryNum });
      return handlers.eventAnswer();
    },
    dispatchInteraction: async (payload: Record<string, unknown>) => {
      interactions.push(payload);
      return handlers.interactionAnswer();
    },
  };
  return handlers;
}

let slack: FakeSlack;
let logs: LogLine[];
let handlers: ReturnType<typeof createHandlers>;
let connection: SocketModeConnection | undefined;

function connect(overrides: Partial<ConnectSocketModeOptions> = {}): Promise<SocketModeConnection> {
  return connectSocketMode({
    appToken: APP_TOKEN,
    apiUrl: slack.url,
    logger: createRecordingLogger(logs),
    routeEvent: handlers.routeEvent,
    dispatchInteraction: handlers.dispatchInteraction,
    ...overrides,
  });
}

const mention = (text: string) =>
  buildAppMentionEvent({ teamId: "T0FAKETEAM", channelId: "C1", userId: "U1", text: `<@U0FAKEBOT> ${text}` });

beforeEach(async () => {
  slack = await startFakeSlack();
  logs = [];
  handlers = createHandlers();
  connection = undefined;
});
afterEach(async () => {
  // The client first: a client left running would try to reconnect to a closed fake.
  await connection?.close();
  await slack.close();
});

describe("connectSocketMode", () => {
  it("connects with the app-level token and logs it", async () => {
    connection = await connect();

    expect(slack.callsTo("apps.connections.open").map((call) => call.token)).toEqual([APP_TOKEN]);
    expect(slack.socketMode.openConnections).toBe(1);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: "info",
        event: "bots.slack.socket_mode.connected",
        fields: expect.objectContaining({ reconnect: false }),
      }),
    );
  });

  it("routes an events_api envelope like the HTTP endpoint and acks it once routed", async () => {
    connection = await connect();
    const first = mention("fix the login test");
    const retried = mention("fix the login test");

    const ack = await slack.socketMode.send({ type: "events_api", payload: first, envelope_id: "env-1" });
    await slack.socketMode.send({
      type: "events_api",
      payload: retried,
      retry_attempt: 2,
      retry_reason: "timeout",
    });

    expect(ack).toEqual({ envelope_id: "env-1", payload: {} });
    // A first delivery has no retry number, as over HTTP (no X-Slack-Retry-Num header).
    expect(handlers.events).toEqual([
      { envelope: first, retryNum: undefined },
      { envelope: retried, retryNum: 2 },
    ]);
    expect(handlers.interactions).toEqual([]);
  });

  it("sends an interaction's response back in the ack", async () => {
    connection = await connect();
    const options = { options: [{ text: { type: "plain_text", text: "acme/web" }, value: "acme/web" }] };
    handlers.interactionAnswer = async () => ({
      status: 200,
      body: JSON.stringify(options),
      contentType: "application/json",
    });
    const suggestion = { type: "block_suggestion", action_id: "pick", value: "acme" };

    const ack = await slack.socketMode.send({ type: "interactive", payload: suggestion });

    expect(handlers.interactions).toEqual([suggestion]);
    expect(ack.payload).toEqual(options);
  });

  it("acks a slash command with its text reply, and a button click with nothing", async () => {
    connection = await connect();
    handlers.interactionAnswer = async () => ({ status: 200, body: "On it", contentType: "text/plain" });
    const command = await slack.socketMode.send({
      type: "slash_commands",
      payload: { command: "/baton", text: "hi" },
    });
    handlers.interactionAnswer = async () => ({ status: 200, body: "", contentType: "text/plain" });
    const click = await slack.socketMode.send({
      type: "interactive",
      payload: { type: "block_actions", actions: [] },
    });

    expect(command.payload).toEqual({ text: "On it" });
    expect(click.payload).toEqual({});
    expect(handlers.interactions.map((payload) => payload.command ?? payload.type)).toEqual([
      "/baton",
      "block_actions",
    ]);
  });

  it("leaves a failed event unacked for Slack to redeliver, acks a failed interaction, logs both, and keeps serving", async () => {
    connection = await connect();
    handlers.eventAnswer = async () => {
      throw new Error("redis is down");
    };
    handlers.interactionAnswer = async () => {
      throw new Error("listener blew up");
    };

    const failedEvent = await slack.socketMode
      .send({ type: "events_api", payload: mention("one"), envelope_id: "e1" }, { timeoutMs: 500 })
      .then(
        () => "acked",
        () => "not acked",
      );
    const failedClick = await slack.socketMode.send({
      type: "interactive",
      payload: { type: "block_actions" },
      envelope_id: "e2",
    });
    handlers.eventAnswer = async () => ({ kind: "accepted" });
    const next = await slack.socketMode.send({
      type: "events_api",
      payload: mention("two"),
      envelope_id: "e3",
    });

    expect(failedEvent).toBe("not acked");
    expect([failedClick, next]).toEqual([
      { envelope_id: "e2", payload: {} },
      { envelope_id: "e3", payload: {} },
    ]);
    const failures = logs.filter((line) => line.event === "bots.slack.socket_mode.handler_failed");
    expect(failures.map((line) => line.fields)).toEqual([
      expect.objectContaining({ envelope_id: "e1", envelope_type: "events_api", error: "redis is down" }),
      expect.objectContaining({ envelope_id: "e2", envelope_type: "interactive", error: "listener blew up" }),
    ]);
    expect(failures.every((line) => line.level === "error")).toBe(true);
  });

  it("reconnects when Slack asks it to, and keeps routing", async () => {
    connection = await connect({ clientPingTimeoutMs: RECONNECT_TEST_PING_TIMEOUT_MS });

    slack.socketMode.requestReconnect("refresh_requested");
    await slack.socketMode.waitForConnections(2);
    await slack.socketMode.send({ type: "events_api", payload: mention("after the refresh") });

    expect(slack.callsTo("apps.connections.open")).toHaveLength(2);
    expect(handlers.events).toHaveLength(1);
    expect(
      logs
        .filter((line) => line.event === "bots.slack.socket_mode.connected")
        .map((line) => line.fields.reconnect),
    ).toEqual([false, true]);
  });

  it("close() lets a handler in flight ack, then disconnects", async () => {
    connection = await connect();
    let release = () => {};
    const started = new Promise<void>((resolveStarted) => {
      handlers.eventAnswer = () =>
        new Promise((resolve) => {
          release = () => resolve({ kind: "accepted" });
          resolveStarted();
        });
    });
    const ack = slack.socketMode.send({ type: "events_api", payload: mention("slow"), envelope_id: "slow" });
    await started;

    const closed = connection.close();
    release();

    await expect(ack).resolves.toEqual({ envelope_id: "slow", payload: {} });
    await closed;
    expect(slack.socketMode.openConnections).toBe(0);
    expect(logs.map((line) => line.event)).toContain("bots.slack.socket_mode.closed");
    await expect(
      slack.socketMode.send({ type: "events_api", payload: mention("too late") }, { timeoutMs: 100 }),
    ).rejects.toThrow(/gave up/);
  });

  it("refuses a token that is not an app-level token, or one Slack rejects, with a setup error", async () => {
    await expect(connect({ appToken: "xoxb-bot-token" })).rejects.toMatchObject({
      code: "config_invalid",
      message: expect.stringContaining("connections:write"),
    });
    expect(slack.callsTo("apps.connections.open")).toEqual([]);

    const strict = await startFakeSlack({ validAppTokens: ["xapp-1-the-right-one"] });
    await expect(connect({ apiUrl: strict.url })).rejects.toMatchObject({
      code: "config_invalid",
      message: expect.stringContaining("invalid_auth"),
    });
    await strict.close();
  });
});
