import { createOpenInspectClient, VANISHED_SESSION_NOTE } from "@baton/backends";
import { createGithubBotModule } from "@baton/github/module";
import {
  buildIssueCommentEvent,
  FAKE_CONTROL_PLANE_DEFAULT_MODEL,
  FAKE_CONTROL_PLANE_SECRETS,
  type FakeControlPlane,
  type FakeGithub,
  postGithubWebhook,
  startFakeControlPlane,
  startFakeGithub,
} from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type OpenInspectScenario, startOpenInspectScenario } from "./fixtures/start-openinspect-scenario.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
slack:
  channels:
    C0FOLLOW: { steering: channel }
`;

/**
 * The turn's result (or failure) in the channel: a posted or updated message containing `text`;
 * or its progress, which is on the thread's status line.
 */
function resultIn(s: OpenInspectScenario, channel: string, text: string, timeoutMs?: number) {
  return eventually(
    `a reply containing "${text}"`,
    () =>
      [
        ...callsIn(s.t, "chat.postMessage", channel),
        ...callsIn(s.t, "chat.update", channel),
        ...callsIn(s.t, "assistant.threads.setStatus", channel),
      ].find((call) => textOf(call).includes(text)),
    timeoutMs,
  );
}

/** Waits until Baton has read `/events` more often than `count` times, so it has seen the latest state. */
async function polledAfter(s: OpenInspectScenario, count: number) {
  await eventually("another poll", () => s.plane.callsTo("events").length > count + 1);
}

describe("Open-Inspect as its real control plane behaves", () => {
  let s: OpenInspectScenario;
  afterEach(() => s?.close());

  it("polling reads events again as they are rewritten in place, and ends with the final answer and the tool's output", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, plane: { webSocket: false } });
    s.plane.setScript(() => [
      {
        event: "tool_call",
        data: { tool: "bash", args: { command: "npm test" }, callId: "c1", status: "running" },
      },
      { event: "token", data: { content: "Partial answer" } },
      { waitForRelease: true },
      {
        event: "tool_call",
        data: {
          tool: "bash",
          args: { command: "npm test" },
          callId: "c1",
          status: "completed",
          output: "42 passing",
        },
      },
      { event: "token", data: { content: "Final answer: all 42 tests pass" } },
      { waitForRelease: true },
      { event: "execution_complete", data: { success: true } },
    ]);
    await s.slack.mention({ channel: "C0INPLACE", text: "run the tests in acme/web" });
    const session = await eventually("the remote session", () => s.plane.sessions[0]);
    await eventually("the first part", () => session.events.some((e) => e.data.content === "Partial answer"));
    await polledAfter(s, s.plane.callsTo("events").length);
    expect(s.plane.release(session.id)).toBe(true);
    await eventually("the rewritten tool call", () =>
      session.events.some((e) => e.data.output === "42 passing"),
    );
    await polledAfter(s, s.plane.callsTo("events").length);
    await eventually("the second release", () => s.plane.release(session.id));
    await resultIn(s, "C0INPLACE", "Final answer: all 42 tests pass");
    // The transcript (what a share page shows) holds the tool's output.
    const transcripts = await s.t.redis.redis.keys(`${s.t.redis.prefix}:session:*:transcript`);
    const entries = await Promise.all(transcripts.map((key) => s.t.redis.redis.xrange(key, "-", "+")));
    expect(JSON.stringify(entries)).toContain("42 passing");
  });

  it("an error does not end the prompt: Baton waits for execution_complete and reports the branch pushed after the error", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.setScript(() => [
      { event: "token", data: { content: "Working on it" } },
      // A child task failed; its error carries the parent's message id.
      { event: "error", data: { error: "subtask: lint failed" } },
      { waitForRelease: true },
      {
        artifact: {
          type: "branch",
          url: "https://github.com/acme/web/tree/fix-header",
          metadata: { name: "fix-header" },
        },
      },
      { event: "token", data: { content: "Fixed the header and pushed fix-header" } },
      { event: "execution_complete", data: { success: true } },
    ]);
    await s.slack.mention({ channel: "C0ERR", text: "fix the header in acme/web" });
    const session = await eventually("the remote session", () => s.plane.sessions[0]);
    await eventually("the error event", () => session.events.some((e) => e.type === "error"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    s.plane.release(session.id);
    const result = await resultIn(s, "C0ERR", "Fixed the header and pushed fix-header");
    expect(textOf(result)).toContain("https://github.com/acme/web/tree/fix-header");
    expect(
      callsIn(s.t, "chat.postMessage", "C0ERR").some((call) => textOf(call).includes("lint failed")),
    ).toBe(false);
  });

  it("a sandbox that cannot start is reported in the thread within seconds with the control plane's reason, and the prompt is withdrawn", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.failSandbox("Daytona: workspace quota exceeded");
    await s.slack.mention({ channel: "C0SPAWN", text: "anything in acme/web" });
    const failed = await resultIn(s, "C0SPAWN", "workspace quota exceeded", 5_000);
    expect(textOf(failed)).toContain("could not start");
    const [message] = s.plane.sessions[0]?.messages ?? [];
    await eventually("the prompt to be withdrawn", () => message?.status === "failed");
    // A sandbox that can start later runs nothing the person was told had failed.
    s.plane.failSandbox(undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(s.plane.sessions[0]?.events.some((event) => event.type === "user_message")).toBe(false);
  });

  it("Stop cancels Baton's prompt queued behind another one, so no work starts after the person pressed it", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    const { ts: threadTs } = await s.slack.mention({ channel: "C0FOLLOW", text: "first in acme/web" });
    await resultIn(s, "C0FOLLOW", "Done: first in acme/web");
    const session = s.plane.sessions[0]!;
    // Someone else's long prompt is running in the same remote session.
    s.plane.setScript((prompt) =>
      prompt.content === "someone else's job"
        ? [{ waitForStop: true }]
        : [{ event: "token", data: { content: `Done: ${prompt.content}` } }],
    );
    const other = createOpenInspectClient({
      baseUrl: s.plane.url,
      secrets: { slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] },
    });
    await other.sendPrompt(
      session.id,
      { content: "someone else's job", source: "web" },
      { platform: "slack", id: "U0WEB" },
    );
    await eventually("the other prompt to run", () => session.messages[1]?.status === "processing");

    await s.slack.mention({ channel: "C0FOLLOW", threadTs, text: "second" });
    await eventually("Baton's prompt to be queued", () => session.messages[2]?.status === "pending");
    await s.slack.mention({ channel: "C0FOLLOW", threadTs, text: "stop" });
    await eventually("the remote stop", () => session.stops > 0);
    await eventually("the other prompt to end", () => session.messages[1]?.status === "failed");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.messages[2]).toMatchObject({ content: "second", status: "failed" });
    expect(session.events.filter((event) => event.type === "user_message")).toHaveLength(2);
  });

  it("an identity the control plane holds no secret for (500) fails the turn once, naming the control plane's missing secret", async () => {
    const { "slack-bot": _slack, ...others } = FAKE_CONTROL_PLANE_SECRETS;
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, plane: { secrets: others } });
    await s.slack.mention({ channel: "C0NOSECRET", text: "anything in acme/web" });
    await resultIn(s, "C0NOSECRET", "not set up to accept");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(s.plane.callsTo("createSession").map((call) => call.status)).toEqual([500]);
    const failed = s.t.logger.lines.find((line) => line.event === "core.turn.failed");
    expect(JSON.stringify(failed?.fields)).toContain("SERVICE_AUTH_SECRET_SLACK_BOT");
  });

  it("a screenshot (a storage key, not a URL) is shown as a link to the session in Open-Inspect's web app", async () => {
    s = await startOpenInspectScenario({
      catalogYaml: CATALOG,
      env: { OPENINSPECT_WEB_URL: "https://inspect.example.com/" },
    });
    s.plane.setScript(() => [
      { artifact: { type: "screenshot", url: "ignored", metadata: { caption: "The new header" } } },
      { event: "token", data: { content: "Here is the header" } },
    ]);
    await s.slack.mention({ channel: "C0SHOT", text: "show me the header of acme/web" });
    const result = await resultIn(s, "C0SHOT", "Here is the header");
    const session = s.plane.sessions[0]!;
    expect(session.artifacts[0]?.url).toMatch(/^sessions\//);
    expect(textOf(result)).toContain(`https://inspect.example.com/session/${session.id}`);
    expect(textOf(result)).not.toContain(session.artifacts[0]!.url);
  });

  it("without OPENINSPECT_WEB_URL, the result says how many screenshots there are and in which session", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    s.plane.setScript(() => [
      { artifact: { type: "screenshot", url: "ignored", metadata: {} } },
      { artifact: { type: "video", url: "ignored", metadata: {} } },
      { event: "token", data: { content: "Recorded it" } },
    ]);
    await s.slack.mention({ channel: "C0SHOT2", text: "record the checkout of acme/web" });
    const result = await resultIn(s, "C0SHOT2", "Recorded it");
    const session = s.plane.sessions[0]!;
    expect(textOf(result)).toContain(`2 screenshots or videos; they are in its session ${session.id}`);
    expect(textOf(result)).not.toContain("sessions/");
  });

  it("a remote session the control plane no longer holds (its routes answer 200, empty) is noticed, and the follow-up continues in a new one", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    const { ts: threadTs } = await s.slack.mention({ channel: "C0FOLLOW", text: "first in acme/web" });
    await resultIn(s, "C0FOLLOW", "Done: first in acme/web");
    s.plane.forgetSession(s.plane.sessions[0]!.id);
    await s.slack.mention({ channel: "C0FOLLOW", threadTs, text: "second" });
    const result = await resultIn(s, "C0FOLLOW", "Done: second", 5_000);
    expect(textOf(result)).toContain(VANISHED_SESSION_NOTE);
    expect(s.plane.sessions).toHaveLength(1);
    expect(s.plane.sessions[0]?.messages.map((m) => m.content)).toEqual(["second"]);
  });

  it("a model the control plane does not know is replaced by its default, and the reply says so", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG });
    await s.slack.mention({ channel: "C0MODEL", text: "!model gpt-4-turbo fix the header in acme/web" });
    const result = await resultIn(s, "C0MODEL", "Done: fix the header");
    expect(textOf(result)).toContain("gpt-4-turbo");
    expect(textOf(result)).toContain(FAKE_CONTROL_PLANE_DEFAULT_MODEL);
  });

  it("a GitLab deployment (501 on every bot route) fails the turn once with what that means", async () => {
    s = await startOpenInspectScenario({ catalogYaml: CATALOG, plane: { scmProvider: "gitlab" } });
    await s.slack.mention({ channel: "C0GITLAB", text: "anything in acme/web" });
    await resultIn(s, "C0GITLAB", "GitLab");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(s.plane.callsTo("createSession").map((call) => call.status)).toEqual([501]);
  });
});

describe("Open-Inspect for people on GitHub", () => {
  const REPO = "acme/web";
  let github: FakeGithub | undefined;
  let plane: FakeControlPlane | undefined;
  let t: TestBaton | undefined;
  afterEach(async () => {
    await t?.close();
    await github?.close();
    await plane?.closeServer();
  });

  it("names a GitHub person by the numeric id of the webhook's sender, as the control plane requires", async () => {
    github = await startFakeGithub();
    plane = await startFakeControlPlane();
    t = await startTestBaton({
      // Slack's section stays out: this Baton lists no Slack module to read it.
      catalogYaml: "repositories:\n  - repo: acme/web\n",
      bots: ["github"],
      modules: BOT_MODULES.map((module) =>
        module.platform === "github"
          ? createGithubBotModule({ writeMinIntervalMs: 0, retryAfterUnitMs: 20 })
          : module,
      ),
      env: {
        GITHUB_APP_ID: String(github.app.appId),
        GITHUB_PRIVATE_KEY: github.app.privateKey.replace(/\n/g, "\\n"),
        GITHUB_WEBHOOK_SECRET: github.app.webhookSecret,
        GITHUB_API_URL: github.url,
        BATON_BACKEND: "openinspect",
        OPENINSPECT_URL: plane.url,
        OPENINSPECT_GITHUB_SECRET: FAKE_CONTROL_PLANE_SECRETS["github-bot"],
      },
    });
    github.setPermission(REPO, "octocat", "write");
    const webhook = buildIssueCommentEvent({
      repo: REPO,
      installationId: 31_337,
      sender: { login: "octocat", id: 583_231 },
      number: 12,
      commentId: 9001,
      body: "@baton fix the typo",
    });
    const delivered = await postGithubWebhook({ url: t.url, webhook, secret: github.app.webhookSecret });
    expect(delivered.status).toBe(202);
    const fake = github;
    await eventually("the answer on the issue", () =>
      fake.commentsOn(REPO, 12).some((comment) => comment.body.includes("Done: fix the typo")),
    );
    expect(plane.sessions[0]).toMatchObject({ actor: "github:583231", service: "github-bot" });
    expect(plane.sessions[0]?.messages[0]?.author).toBe("github:583231");
  });
});
