import {
  FAKE_CONTROL_PLANE_SECRETS,
  FAKE_PROMPT_QUEUE_LIMIT,
  type FakeControlPlane,
  startFakeControlPlane,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenInspectClient, signSig1Request } from "../src/index.js";

describe("startFakeControlPlane", () => {
  let plane: FakeControlPlane;
  beforeEach(async () => {
    plane = await startFakeControlPlane();
  });
  afterEach(() => plane.closeServer());

  /** A request signed by hand, so that the test can break the rules a client keeps. */
  async function signed(
    service: keyof typeof FAKE_CONTROL_PLANE_SECRETS,
    path: string,
    body: unknown,
    actor?: string,
  ) {
    const url = `${plane.url}${path}`;
    const text = JSON.stringify(body);
    const { header } = signSig1Request({
      service,
      secret: FAKE_CONTROL_PLANE_SECRETS[service],
      method: "POST",
      url,
      body: text,
      actor,
    });
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-openinspect-service": service,
      "x-openinspect-service-signature": header,
    };
    if (actor) headers["x-openinspect-actor"] = actor;
    return fetch(url, { method: "POST", headers, body: text });
  }

  it("lets an identity act only for its own platform's people, and requires an actor to create a session", async () => {
    expect((await signed("slack-bot", "/sessions", {}, "slack:U1")).status).toBe(201);
    expect((await signed("slack-bot", "/sessions", {}, "github:583231")).status).toBe(401);
    expect((await signed("github-bot", "/sessions", {}, "github:octocat")).status).toBe(401);
    expect((await signed("github-bot", "/sessions", {}, "github:583231")).status).toBe(201);
    expect((await signed("web", "/sessions", {}, "linear:usr_1")).status).toBe(201);
    expect((await signed("slack-bot", "/sessions", {})).status).toBe(403);
    expect((await signed("slack-bot", "/sessions", { userId: "u" }, "slack:U1")).status).toBe(400);
    const unsigned = await fetch(`${plane.url}/sessions`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: "Unauthorized" });
  });

  it("runs a session's prompts in order, pages events newest first, and refuses the eleventh unfinished prompt", async () => {
    const client = createOpenInspectClient({
      baseUrl: plane.url,
      secrets: { slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] },
    });
    const actor = { platform: "slack" as const, id: "U1" };
    plane.setScript(() => [{ waitForRelease: true }, { event: "token", data: { content: "ok" } }]);
    const created = await client.createSession({ repoOwner: "acme", repoName: "web" }, actor);
    if (!created.ok) throw new Error(created.message);
    const id = created.value.sessionId;
    const sent = [];
    for (let i = 0; i < FAKE_PROMPT_QUEUE_LIMIT; i += 1)
      sent.push(await client.sendPrompt(id, { content: `p${i}`, source: "slack" }, actor));
    expect(sent.every((result) => result.ok)).toBe(true);
    expect(await client.sendPrompt(id, { content: "one too many", source: "slack" }, actor)).toMatchObject({
      ok: false,
      kind: "queue_full",
      status: 429,
    });
    const session = plane.sessions[0]!;
    expect(session.messages.map((m) => m.status).slice(0, 2)).toEqual(["processing", "pending"]);
    while (session.messages.some((m) => m.status !== "completed")) {
      plane.release(id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const startedInOrder = session.messages.map((m) => m.startedAt!);
    expect([...startedInOrder].sort()).toEqual(startedInOrder);

    const first = sent[0]!;
    if (!first.ok) throw new Error("unreachable");
    const page = await client.listEvents(id, { messageId: first.value.messageId, limit: 2 }, actor);
    if (!page.ok) throw new Error(page.message);
    expect(page.value.events.map((e) => e.type)).toEqual(["execution_complete", "token"]);
    expect(page.value.hasMore).toBe(true);
    const older = await client.listEvents(
      id,
      { messageId: first.value.messageId, cursor: page.value.cursor!, limit: 2 },
      actor,
    );
    expect(older.ok && older.value.events.map((e) => e.type)).toEqual(["user_message"]);
  });
});
