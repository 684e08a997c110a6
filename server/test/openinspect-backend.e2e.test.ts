import { REOPENED_SESSION_NOTE } from "@baton/backends";
import { afterEach, describe, expect, it } from "vitest";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type OpenInspectScenario, startOpenInspectScenario } from "./fixtures/start-openinspect-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
  - repo: acme/api
    description: The public API
environments:
  - id: checkout
    name: Checkout
    repositories: [acme/web, acme/api]
  - id: local-only
    name: Only in Baton's catalog
    repositories: [acme/web, acme/api]
slack:
  channels:
    C0FOLLOW: { steering: channel }
`;

/**
 * The turn's result (or failure) in the channel: a posted message other than the working one; or
 * its progress, which is on the thread's status line.
 */
function resultIn(s: OpenInspectScenario, channel: string, text: string) {
  return eventually(`a reply containing "${text}"`, () =>
    [
      ...callsIn(s.t, "chat.postMessage", channel),
      ...callsIn(s.t, "chat.update", channel),
      ...callsIn(s.t, "assistant.threads.setStatus", channel),
    ].find((call) => textOf(call).includes(text)),
  );
}

describe("BATON_BACKEND=openinspect, through the gateway and the worker", () => {
  let s: OpenInspectScenario;
  afterEach(() => s?.close());

  it("opens a remote session for the target as the requester, follows the prompt over the WebSocket, and replies with the answer and the pull request", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.setScript((prompt) => [
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "npm test" }, callId: "c1", status: "running" },
      },
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "npm test" }, callId: "c1", status: "completed" },
      },
      {
        artifact: {
          type: "pr",
          url: "https://github.com/acme/web/pull/7",
          metadata: { number: 7, repoOwner: "acme", repoName: "web", head: "fix", base: "main" },
        },
      },
      { event: "token", data: { content: "Half" } },
      { event: "token", data: { content: `Fixed: ${prompt.content}` } },
      { event: "execution_complete", data: { success: true } },
    ]);
    await s.slack.mention({ channel: "C0WS", text: "!model gpt-5 fix the header in acme/web" });
    const result = await resultIn(s, "C0WS", "Fixed: fix the header");
    expect(textOf(result)).toContain("https://github.com/acme/web/pull/7");

    const [session] = s.plane.sessions;
    expect(s.plane.sessions).toHaveLength(1);
    expect(session?.body).toMatchObject({ repoOwner: "acme", repoName: "web", model: "gpt-5" });
    expect(session?.actor).toBe("slack:U0ADA");
    expect(session?.service).toBe("slack-bot");
    expect(session?.messages).toHaveLength(1);
    expect(session?.messages[0]).toMatchObject({
      source: "slack",
      author: "slack:U0ADA",
      status: "completed",
    });
    expect(s.plane.callsTo("wsToken")).toHaveLength(1);
    expect(s.plane.callsTo("events")).toHaveLength(0);
    expect(s.plane.calls.every((call) => call.status !== 401)).toBe(true);
  });

  it("polls /events?message_id= when the WebSocket is not available, and a follow-up is a prompt to the same remote session by its author", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, plane: { webSocket: false } });
    const { ts: threadTs } = await s.slack.mention({ channel: "C0FOLLOW", text: "what does acme/web do" });
    await resultIn(s, "C0FOLLOW", "Done: what does acme/web do");
    expect(s.plane.callsTo("events").length).toBeGreaterThan(0);
    expect(s.plane.callsTo("events").every((call) => call.path.endsWith("/events"))).toBe(true);

    await s.slack.mention({ channel: "C0FOLLOW", threadTs, user: "U0BOB", text: "and the checkout?" });
    await resultIn(s, "C0FOLLOW", "Done: and the checkout?");
    expect(s.plane.sessions).toHaveLength(1);
    expect(s.plane.sessions[0]?.messages.map((m) => [m.content, m.author])).toEqual([
      ["what does acme/web do", "slack:U0ADA"],
      ["and the checkout?", "slack:U0BOB"],
    ]);
  });

  it("goes on by polling when the WebSocket drops in the middle of a prompt", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.setScript(() => [
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "make" }, callId: "c1", status: "running" },
      },
      { waitForRelease: true },
      { event: "token", data: { content: "Finished after the drop" } },
      { event: "execution_complete", data: { success: true } },
    ]);
    await s.slack.mention({ channel: "C0DROP", text: "build acme/web" });
    const session = await eventually("the remote session", () => s.plane.sessions[0]);
    await eventually("a subscriber", () => s.plane.subscriberCount(session.id) > 0);
    await resultIn(s, "C0DROP", "Using bash: make");
    s.plane.dropWebSockets();
    await eventually("polling to start", () => s.plane.callsTo("events").length > 0);
    expect(s.plane.release(session.id)).toBe(true);
    await resultIn(s, "C0DROP", "Finished after the drop");
    expect(session.messages).toHaveLength(1);
  });

  it("a follow-up that names another repository continues in a new remote session for it", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    const { ts: threadTs } = await s.slack.mention({
      channel: "C0MOVE",
      text: "look at the header in acme/web",
    });
    await resultIn(s, "C0MOVE", "Done: look at the header");
    await s.slack.mention({ channel: "C0MOVE", threadTs, text: "now the same in acme/api" });
    await resultIn(s, "C0MOVE", "Done: now the same");
    expect(s.plane.sessions.map((session) => session.body.repoName)).toEqual(["web", "api"]);
  });

  it("an environment goes by its id, or as its repositories when only Baton's catalog knows it; no repository is neither", async () => {
    s = await startOpenInspectScenario({
      catalogYaml: CATALOG,
      plane: { environments: [{ id: "checkout", name: "Checkout", repositories: [] }] },
    });
    await s.slack.mention({ channel: "C0ENV1", text: "check env:checkout" });
    await resultIn(s, "C0ENV1", "Done: check");
    await s.slack.mention({ channel: "C0ENV2", text: "check env:local-only" });
    await resultIn(s, "C0ENV2", "Done: check");
    await s.slack.mention({ channel: "C0ENV3", text: "no repo: what is a monad?" });
    await resultIn(s, "C0ENV3", "a monad?");
    await eventually(
      "the third prompt to finish",
      () => s.plane.sessions[2]?.messages[0]?.status === "completed",
    );
    expect(s.plane.sessions.map((session) => session.body)).toEqual([
      expect.objectContaining({ environmentId: "checkout" }),
      expect.objectContaining({
        repositories: [
          { repoOwner: "acme", repoName: "web" },
          { repoOwner: "acme", repoName: "api" },
        ],
      }),
      expect.anything(),
    ]);
    for (const key of ["repoOwner", "repoName", "environmentId", "repositories"])
      expect(s.plane.sessions[2]?.body).not.toHaveProperty(key);
    expect(s.plane.callsTo("createSession").map((call) => call.status)).toEqual([201, 404, 201, 201]);
  });

  it("Stop posts /sessions/:id/stop and the thread says it stopped", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.setScript(() => [
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "sleep" }, callId: "c1", status: "running" },
      },
      { waitForStop: true },
    ]);
    const { ts: threadTs } = await s.slack.mention({ channel: "C0STOP", text: "long job in acme/web" });
    await eventually(
      "the prompt to be running",
      () => s.plane.sessions[0]?.messages[0]?.status === "processing",
    );
    await s.slack.mention({ channel: "C0STOP", threadTs, text: "stop" });
    await eventually("the remote stop", () => (s.plane.sessions[0]?.stops ?? 0) > 0);
    await resultIn(s, "C0STOP", "Stopped");
    expect(s.plane.callsTo("stop")[0]).toMatchObject({ actor: "slack:U0ADA", status: 200 });
  });

  it("a turn over BATON_TURN_TIMEOUT_MS stops its remote prompt too, and the thread says it was ended", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, env: { BATON_TURN_TIMEOUT_MS: "5000" } });
    s.plane.setScript(() => [
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "sleep" }, callId: "c1", status: "running" },
      },
      { waitForStop: true },
    ]);
    await s.slack.mention({ channel: "C0SLOW", text: "long job in acme/web" });
    await eventually(
      "the prompt to be running",
      () => s.plane.sessions[0]?.messages[0]?.status === "processing",
    );
    // Baton gave the turn up: the remote agent must not go on working (and pushing) unseen.
    await eventually("the remote stop", () => (s.plane.sessions[0]?.stops ?? 0) > 0, 20_000);
    await resultIn(s, "C0SLOW", "ran longer than this Baton allows");
  });

  it("a full prompt queue (429) is waited out and the prompt is sent once", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.failNext(
      "prompt",
      {
        kind: "http",
        status: 429,
        body: { error: "Prompt queue is full", code: "PROMPT_QUEUE_FULL" },
        retryAfterSeconds: 1,
      },
      2,
    );
    await s.slack.mention({ channel: "C0FULL", text: "busy day in acme/web" });
    await resultIn(s, "C0FULL", "queue for this session is full");
    await resultIn(s, "C0FULL", "Done: busy day in acme/web");
    expect(s.plane.callsTo("prompt").map((call) => call.status)).toEqual([429, 429, 200]);
    expect(s.plane.sessions[0]?.messages).toHaveLength(1);
  });

  it("an archived or cancelled remote session (409) opens a new one and says so in the thread", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    const { ts: threadTs } = await s.slack.mention({ channel: "C0GONE", text: "first in acme/web" });
    await resultIn(s, "C0GONE", "Done: first in acme/web");
    s.plane.archiveSession(s.plane.sessions[0]!.id, "cancelled");

    await s.slack.mention({ channel: "C0GONE", threadTs, text: "second" });
    const result = await resultIn(s, "C0GONE", "Done: second");
    expect(textOf(result)).toContain(REOPENED_SESSION_NOTE);
    expect(s.plane.sessions).toHaveLength(2);
    expect(s.plane.sessions[1]?.body).toMatchObject({ repoOwner: "acme", repoName: "web" });
    expect(s.plane.sessions[1]?.messages.map((m) => m.content)).toEqual(["second"]);
    expect(s.plane.callsTo("prompt").map((call) => call.status)).toEqual([200, 409, 200]);
  });

  it("a 5xx is retried, and a lost answer is looked up in /messages instead of sending the prompt twice", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.failNext("prompt", { kind: "http", status: 503 });
    await s.slack.mention({ channel: "C0FLAKY", text: "retry me in acme/web" });
    await resultIn(s, "C0FLAKY", "Done: retry me in acme/web");
    expect(s.plane.callsTo("prompt").map((call) => call.status)).toEqual([503, 200]);
    expect(s.plane.sessions[0]?.messages).toHaveLength(1);

    // The control plane queues the prompt, then the connection drops before its answer.
    const lookupsBefore = s.plane.callsTo("messages").length;
    s.plane.failNext("prompt", { kind: "drop", after: true });
    await s.slack.mention({ channel: "C0LOST", text: "once only in acme/web" });
    await resultIn(s, "C0LOST", "Done: once only in acme/web");
    const lost = s.plane.sessions[1]!;
    expect(lost.messages.map((m) => m.content)).toEqual(["once only in acme/web"]);
    // One read finds the prompt whose answer was lost; every result reads when its prompt started.
    expect(s.plane.callsTo("messages").length - lookupsBefore).toBeGreaterThanOrEqual(2);

    // The connection drops before the prompt arrived: it is sent again, and runs once.
    s.plane.failNext("prompt", { kind: "drop", after: false });
    await s.slack.mention({ channel: "C0NEVER", text: "never arrived in acme/web" });
    await resultIn(s, "C0NEVER", "Done: never arrived in acme/web");
    expect(s.plane.sessions[2]?.messages.map((m) => m.content)).toEqual(["never arrived in acme/web"]);
  });

  it("a follow-up that says what the prompt before it said, and whose send is lost, is sent again rather than taken for that one", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    const { ts: threadTs } = await s.slack.mention({ channel: "C0FOLLOW", text: "try again in acme/web" });
    await resultIn(s, "C0FOLLOW", "Done: try again in acme/web");
    // The same words a moment later; the connection drops before the control plane has them.
    s.plane.failNext("prompt", { kind: "drop", after: false });
    await s.slack.mention({ channel: "C0FOLLOW", threadTs, text: "try again in acme/web" });
    await eventually("the follow-up to reach the control plane", () =>
      (s.plane.sessions[0]?.messages.length ?? 0) >= 2 ? true : undefined,
    );
    expect(s.plane.sessions).toHaveLength(1);
    expect(s.plane.sessions[0]?.messages.map((m) => m.content)).toEqual([
      "try again in acme/web",
      "try again in acme/web",
    ]);
  });

  it("a turn retried after it lost track of its prompt follows that prompt instead of sending it again", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, plane: { webSocket: false } });
    s.plane.setScript(() => [
      { waitForRelease: true },
      { event: "token", data: { content: "Resumed answer" } },
    ]);
    // Five failed reads in a row hand the turn back to the queue, which tries it again.
    s.plane.failNext("events", { kind: "http", status: 502 }, 5);
    await s.slack.mention({ channel: "C0RESUME", text: "slow one in acme/web" });
    await eventually("the turn to be retried", () =>
      s.t.logger.lines.some((line) => line.event === "core.turn.retrying"),
    );
    await eventually("the prompt to be released", () => s.plane.release(s.plane.sessions[0]?.id ?? ""));
    await resultIn(s, "C0RESUME", "Resumed answer");
    expect(s.plane.callsTo("prompt")).toHaveLength(1);
    expect(s.plane.sessions[0]?.messages).toHaveLength(1);
  });

  it("a refused signature fails the turn at once with a clear reply, without retries", async () => {
    s = await startOpenInspectScenario({
      catalogYaml: CATALOG,
      env: { OPENINSPECT_SLACK_SECRET: "not-the-control-planes-secret" },
    });
    await s.slack.mention({ channel: "C0AUTH", text: "anything in acme/web" });
    await resultIn(s, "C0AUTH", "Open-Inspect refused Baton's credentials");
    expect(s.plane.callsTo("createSession").map((call) => call.status)).toEqual([401]);
    expect(s.plane.sessions).toHaveLength(0);
    expect(
      s.t.logger.lines.some(
        (line) =>
          line.event === "core.turn.failed" &&
          JSON.stringify(line.fields).includes("OPENINSPECT_SLACK_SECRET"),
      ),
    ).toBe(true);
  });
});
