import { channel } from "node:diagnostics_channel";
import { ping, WebSocket } from "undici";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAppMentionEvent } from "../slack-event-builders.js";
import { type FakeSlack, startFakeSlack } from "../start-fake-slack.js";

const APP_TOKEN = "xapp-1-A0FAKEAPP-1-secret";

let slack: FakeSlack;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  slack = await startFakeSlack();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await slack.close();
});

async function openConnection(token = APP_TOKEN): Promise<{ ok: boolean; url?: string; error?: string }> {
  const response = await fetch(`${slack.url}apps.connections.open`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
  });
  return (await response.json()) as { ok: boolean; url?: string; error?: string };
}

/** A raw client: every message it receives, parsed, in order. */
function connect(url: string): {
  socket: WebSocket;
  messages: Array<Record<string, unknown>>;
  next(): Promise<Record<string, unknown>>;
} {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const messages: Array<Record<string, unknown>> = [];
  let wake: (() => void) | undefined;
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(String(event.data)) as Record<string, unknown>);
    wake?.();
  });
  let read = 0;
  const next = async () => {
    while (messages.length <= read) await new Promise<void>((resolve) => (wake = resolve));
    return messages[read++]!;
  };
  return { socket, messages, next };
}

describe("the fake Slack's Socket Mode", () => {
  it("answers apps.connections.open with a single-use WebSocket link for app-level tokens only", async () => {
    const opened = await openConnection();
    expect(opened).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/link\/\?ticket=/),
    });
    expect(await openConnection("xoxb-bot")).toEqual({ ok: false, error: "not_allowed_token_type" });
    expect(slack.callsTo("apps.connections.open").map((call) => call.token)).toEqual([APP_TOKEN, "xoxb-bot"]);

    const strict = await startFakeSlack({ validAppTokens: ["xapp-1-right"] });
    const refused = await fetch(`${strict.url}apps.connections.open`, {
      method: "POST",
      headers: { authorization: "Bearer xapp-1-wrong" },
    });
    expect(await refused.json()).toEqual({ ok: false, error: "invalid_auth" });
    await strict.close();
  });

  it("says hello, pushes envelopes as Slack does and resolves with the client's ack", async () => {
    const { url } = await openConnection();
    const client = connect(url!);
    const hello = await client.next();
    expect(hello).toMatchObject({
      type: "hello",
      num_connections: 1,
      connection_info: { app_id: slack.identity.appId },
    });
    await slack.socketMode.waitForConnections(1);

    const payload = buildAppMentionEvent({
      teamId: slack.identity.teamId,
      channelId: "C1",
      userId: "U1",
      text: "hi",
    });
    const acked = slack.socketMode.send({ type: "events_api", payload, envelope_id: "env-1" });
    const envelope = await client.next();
    expect(envelope).toEqual({
      envelope_id: "env-1",
      type: "events_api",
      payload,
      accepts_response_payload: false,
      retry_attempt: 0,
      retry_reason: "",
    });
    client.socket.send(JSON.stringify({ envelope_id: "env-1", payload: { text: "x".repeat(70_000) } }));

    expect(await acked).toEqual({ envelope_id: "env-1", payload: { text: "x".repeat(70_000) } });
    expect(slack.socketMode.acks).toHaveLength(1);
  });

  it("holds an envelope until a client connects, and refuses a ticket used twice", async () => {
    const { url } = await openConnection();
    const acked = slack.socketMode.send({
      type: "slash_commands",
      payload: { command: "/baton" },
      envelope_id: "e2",
    });
    const client = connect(url!);
    await client.next(); // hello
    expect(await client.next()).toMatchObject({
      envelope_id: "e2",
      type: "slash_commands",
      accepts_response_payload: true,
    });
    client.socket.send(JSON.stringify({ envelope_id: "e2" }));
    await expect(acked).resolves.toEqual({ envelope_id: "e2" });

    const reused = new WebSocket(url!);
    sockets.push(reused);
    const closed = await new Promise<{ code: number }>((resolve) =>
      reused.addEventListener("close", resolve),
    );
    expect(closed.code).toBe(1006);
    expect(slack.socketMode.openConnections).toBe(1);
  });

  it("rejects a send nobody acknowledges, answers pings, and asks clients to reconnect", async () => {
    const { url } = await openConnection();
    const client = connect(url!);
    await client.next(); // hello

    await expect(
      slack.socketMode.send({ type: "interactive", payload: { type: "block_actions" } }, { timeoutMs: 50 }),
    ).rejects.toThrow(/gave up: nothing within 50 ms/);
    expect(await client.next()).toMatchObject({ type: "interactive", accepts_response_payload: false });

    const pongs = channel("undici:websocket:pong");
    const pong = new Promise<string>((resolve) => {
      const onPong = (message: unknown) => {
        pongs.unsubscribe(onPong);
        resolve(String((message as { payload: Buffer }).payload));
      };
      pongs.subscribe(onPong);
    });
    ping(client.socket, Buffer.from("are you there"));
    expect(await pong).toBe("are you there");

    slack.socketMode.requestReconnect();
    expect(await client.next()).toMatchObject({ type: "disconnect", reason: "refresh_requested" });
  });

  it("completes the close handshake a client starts", async () => {
    const { url } = await openConnection();
    const client = connect(url!);
    await client.next(); // hello

    const closed = new Promise<{ code: number; wasClean: boolean }>((resolve) =>
      client.socket.addEventListener("close", resolve),
    );
    client.socket.close(1000);

    expect(await closed).toMatchObject({ code: 1000, wasClean: true });
  });
});
