import { silentLogger } from "@baton/core";
import {
  FAKE_CONTROL_PLANE_DEFAULT_MODEL,
  FAKE_CONTROL_PLANE_SECRETS,
  type FakeControlPlane,
  startFakeControlPlane,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenInspectClient } from "../src/index.js";
import { followPrompt } from "../src/openinspect/follow-prompt.js";
import { openSessionEventStream } from "../src/openinspect/open-session-event-stream.js";
import type { RemoteEvent } from "../src/openinspect/openinspect-schemas.js";
import { withdrawPrompts } from "../src/openinspect/withdraw-prompts.js";

const actor = { platform: "slack" as const, id: "U1" };

describe("openSessionEventStream against the control plane's WebSocket", () => {
  let plane: FakeControlPlane;
  let client: ReturnType<typeof createOpenInspectClient>;
  beforeEach(async () => {
    plane = await startFakeControlPlane();
    client = createOpenInspectClient({
      baseUrl: plane.url,
      secrets: { slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] },
    });
  });
  afterEach(() => plane.closeServer());

  async function eventuallyNoSubscriber(sessionId: string) {
    for (let tries = 0; plane.subscriberCount(sessionId) > 0; tries += 1) {
      if (tries > 100) throw new Error("a subscription was left open");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function finishedPrompt(model?: string) {
    const created = await client.createSession({ repoOwner: "acme", repoName: "web", model }, actor);
    if (!created.ok) throw new Error(created.message);
    const sent = await client.sendPrompt(created.value.sessionId, { content: "hi", source: "slack" }, actor);
    if (!sent.ok) throw new Error(sent.message);
    const session = plane.sessions[0]!;
    while (session.messages[0]?.status !== "completed")
      await new Promise((resolve) => setTimeout(resolve, 10));
    return { sessionId: created.value.sessionId, messageId: sent.value.messageId };
  }

  it("starts with the session's history from subscribed's timeline.events, and says which model the session runs", async () => {
    const { sessionId, messageId } = await finishedPrompt("gpt-4-turbo");
    const opened = await openSessionEventStream({ client, sessionId, actor });
    if (opened.kind !== "subscribed") throw new Error(`not subscribed: ${opened.kind}`);
    const seen = [];
    for await (const event of opened.stream.events) {
      seen.push(event);
      if (event.type === "execution_complete") break;
    }
    opened.stream.close();
    expect(seen.map((event) => event.type)).toEqual([
      "user_message",
      "tool_call",
      "token",
      "execution_complete",
    ]);
    expect(seen.every((event) => event.messageId === messageId)).toBe(true);
    expect(seen.find((event) => event.type === "token")).toMatchObject({
      id: `token:${messageId}`,
      data: { content: "Done: hi" },
    });
    expect(opened.stream.snapshot.model).toBe(FAKE_CONTROL_PLANE_DEFAULT_MODEL);
  });

  it("is gone for a session the control plane does not hold, though its routes answer 200", async () => {
    expect((await client.listEvents("sess_nowhere", { messageId: "m" }, actor)).ok).toBe(true);
    expect((await client.sendPrompt("sess_nowhere", { content: "x", source: "slack" }, actor)).ok).toBe(true);
    expect(await openSessionEventStream({ client, sessionId: "sess_nowhere", actor })).toEqual({
      kind: "gone",
    });
  });

  it("while polling, tries the WebSocket again and learns there that no sandbox could start for the prompt", async () => {
    const created = await client.createSession({ repoOwner: "acme", repoName: "web" }, actor);
    if (!created.ok) throw new Error(created.message);
    const sessionId = created.value.sessionId;
    plane.failSandbox("Modal: image build failed");
    const sent = await client.sendPrompt(sessionId, { content: "hi", source: "slack" }, actor);
    if (!sent.ok) throw new Error(sent.message);
    const resubscribe = async () => {
      const opened = await openSessionEventStream({ client, sessionId, actor });
      return opened.kind === "subscribed" ? opened.stream : opened.kind === "gone" ? "gone" : undefined;
    };
    const events = [];
    for await (const event of followPrompt({
      client,
      sessionId,
      messageId: sent.value.messageId,
      actor,
      signal: new AbortController().signal,
      pollIntervalMs: 20,
      resubscribe,
      resubscribeIntervalMs: 100,
      logger: silentLogger,
    }))
      events.push(event);
    expect(events).toEqual([
      { type: "sandbox_error", data: { error: "Modal: image build failed" }, messageId: undefined },
    ]);
    // The socket that told it is closed; withdrawing the prompt subscribes anew.
    expect(await withdrawPrompts({ client, sessionId, messageIds: [sent.value.messageId], actor })).toBe(1);
    expect(plane.sessions[0]?.messages[0]?.status).toBe("failed");

    plane.forgetSession(sessionId);
    const gone = followPrompt({
      client,
      sessionId,
      messageId: sent.value.messageId,
      actor,
      signal: new AbortController().signal,
      pollIntervalMs: 20,
      resubscribe,
      resubscribeIntervalMs: 100,
      logger: silentLogger,
    });
    await expect(gone.next()).rejects.toThrow(/no longer holds session/);
  });

  it("lets go when the turn is aborted while it follows the prompt over a WebSocket it subscribed to again", async () => {
    plane.setScript(() => [{ waitForRelease: true }]);
    const created = await client.createSession({ repoOwner: "acme", repoName: "web" }, actor);
    if (!created.ok) throw new Error(created.message);
    const sessionId = created.value.sessionId;
    const sent = await client.sendPrompt(sessionId, { content: "hi", source: "slack" }, actor);
    if (!sent.ok) throw new Error(sent.message);
    const resubscribe = async () => {
      const opened = await openSessionEventStream({ client, sessionId, actor });
      return opened.kind === "subscribed" ? opened.stream : opened.kind === "gone" ? "gone" : undefined;
    };
    // A shutdown: the prompt goes on running on the control plane, and another try follows it.
    const aborter = new AbortController();
    const followed = (async () => {
      for await (const _event of followPrompt({
        client,
        sessionId,
        messageId: sent.value.messageId,
        actor,
        signal: aborter.signal,
        pollIntervalMs: 20,
        resubscribe,
        resubscribeIntervalMs: 50,
        logger: silentLogger,
      }));
      return "ended";
    })();
    while (plane.subscriberCount(sessionId) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    aborter.abort("shutdown");
    const outcome = await Promise.race([
      followed,
      new Promise((resolve) => setTimeout(() => resolve("still following"), 1_000)),
    ]);
    expect(outcome).toBe("ended");
    await eventuallyNoSubscriber(sessionId);
    plane.release(sessionId);
  });

  it("a retried turn's first subscription learns from its snapshot that no sandbox could start for its pending prompt", async () => {
    const created = await client.createSession({ repoOwner: "acme", repoName: "web" }, actor);
    if (!created.ok) throw new Error(created.message);
    const sessionId = created.value.sessionId;
    // The earlier try queued the prompt, and the sandbox failed while nobody was subscribed.
    plane.failSandbox("Modal: image build failed");
    const sent = await client.sendPrompt(sessionId, { content: "hi", source: "slack" }, actor);
    if (!sent.ok) throw new Error(sent.message);
    const opened = await openSessionEventStream({ client, sessionId, actor });
    if (opened.kind !== "subscribed") throw new Error(`not subscribed: ${opened.kind}`);
    const events: RemoteEvent[] = [];
    const aborter = new AbortController();
    const followed = (async () => {
      for await (const event of followPrompt({
        stream: opened.stream,
        client,
        sessionId,
        messageId: sent.value.messageId,
        actor,
        signal: aborter.signal,
        logger: silentLogger,
      }))
        events.push(event);
      return "ended";
    })();
    const outcome = await Promise.race([
      followed,
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_000)),
    ]);
    aborter.abort();
    opened.stream.close();
    expect(outcome).toBe("ended");
    expect(events).toEqual([
      { type: "sandbox_error", data: { error: "Modal: image build failed" }, messageId: undefined },
    ]);
  });
});
