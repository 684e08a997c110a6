import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createRedisKeys } from "@baton/core";
import { buildReviewCommentEvent } from "@baton/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import {
  askAndWait,
  BUGGY_SUM,
  CODEX_CHANNEL,
  CODEX_INSTALLATION_ID,
  type CodexScenario,
  replaceLinePatch,
  startCodexScenario,
} from "./fixtures/start-codex-scenario.js";

// The real codex CLI runs in its real sandbox here, driven through the gateway like any request;
// only the model is scripted (the fake Responses API), and the remote is the fake GitHub's git.
const TURN_WAIT_MS = 25_000;
const FIX = replaceLinePatch("sum.js", BUGGY_SUM.trim(), "module.exports = (a, b) => a + b;");

/** The model of the first turn: run the failing test, patch, run it again, answer. */
function fixTheTestScript(s: CodexScenario) {
  s.model.setScript([
    { kind: "exec", cmd: "node test.js" },
    (request) =>
      request.lastToolOutput?.exitCode === 1
        ? { kind: "patch", patch: FIX }
        : { kind: "text", text: "the test did not fail as expected" },
    { kind: "exec", cmd: "node test.js" },
    (request) => ({
      kind: "text",
      text: `Fixed sum: it subtracted. \`node test.js\` now exits ${request.lastToolOutput?.exitCode}.`,
    }),
  ]);
}

// One scenario for the file, and its tests in this order: each goes on from where the one before
// left the session (the pull request the first opened, the commits after it, the worker that
// replaced the first), as a person's work would. A scenario and its first codex turn take seconds
// on a loaded machine; five of them took a fifth of this file's time.
describe("BATON_BACKEND=codex end to end", () => {
  let s: CodexScenario;
  /** The first turn, asked from Slack: its thread, its result there, and the pull request it opened. */
  let first: Awaited<ReturnType<typeof mentionThatOpensPullRequest>>;
  beforeAll(async () => {
    s = await startCodexScenario();
    first = await mentionThatOpensPullRequest();
  }, 2 * TURN_WAIT_MS);
  afterAll(() => s?.close());

  /** A Slack mention whose turn fixes the test and opens the draft pull request; resolves with it. */
  async function mentionThatOpensPullRequest() {
    fixTheTestScript(s);
    const slack = slackActions(s.t);
    const { ts } = await slack.mention({ channel: CODEX_CHANNEL, text: "fix the failing sum test" });
    const result = await eventually(
      "the result in the thread",
      () => callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).find((c) => textOf(c).includes("/pull/")),
      TURN_WAIT_MS,
    );
    const [pull] = s.github.pullRequestsOf("acme/web");
    return { ts, result, pull };
  }

  it("a Slack mention: the agent runs the failing test, patches, runs it again, and a draft PR holds the fix", async () => {
    const { ts, result, pull } = first;
    // The startup log said the sandbox works here, with the CLI's version.
    expect(
      s.t.logger.lines.find((line) => line.event === "server.codex.sandbox_ready")?.fields,
    ).toMatchObject({
      version: expect.stringMatching(/\d+\.\d+/),
    });
    expect(result.body).toMatchObject({ thread_ts: ts });
    expect(pull?.pull).toMatchObject({
      draft: true,
      baseRef: "main",
      headRef: expect.stringMatching(/^baton\//),
    });
    const branch = pull?.pull?.headRef ?? "";
    expect(textOf(result)).toContain(`/acme/web/pull/${pull?.number}`);
    // The branch holds the fix, committed by Baton with the person who asked as a trailer.
    expect(s.github.git.git("acme/web", "show", `${branch}:sum.js`)).toContain("a + b");
    expect(s.github.git.git("acme/web", "log", "-1", "--format=%an%n%B", branch)).toMatch(/^Baton\n/);
    // The body: what was asked, the link back to the thread, the share link, the checks with exit codes.
    expect(pull?.body).toContain("fix the failing sum test");
    expect(pull?.body).toContain(`/archives/${CODEX_CHANNEL}/p${ts.replace(".", "")}`);
    expect(pull?.body).toMatch(/\/s\/[\w-]+/);
    expect(pull?.body).toMatch(/node test\.js.*1/);
    // The transcript behind the share link holds each command with its output and exit code, and the diff.
    const shareId = textOf(result).match(/\/s\/([\w-]+)/)?.[1];
    const markdown = await (await fetch(`${s.t.url}/api/shared/${shareId}/markdown`)).text();
    expect(markdown).toContain("expected 5, got -1");
    expect(markdown).toContain("[exit 1]");
    expect(markdown).toContain("[exit 0]");
    expect(markdown).toContain("+module.exports = (a, b) => a + b;");
  });

  it("a review comment on that PR continues the session: a second commit on the same branch, the reply on the PR", async () => {
    const { ts, pull } = first;
    const branch = pull?.pull?.headRef ?? "";
    const firstCommit = s.github.git.branchHead("acme/web", branch);
    const sessionPrompts = s.model.requests.length;
    s.model.setScript([
      {
        kind: "patch",
        patch: replaceLinePatch(
          "test.js",
          'console.log("sum ok");',
          'if (sum(-2, -3) !== -5) process.exit(1);\nconsole.log("sum ok");',
        ),
      },
      { kind: "exec", cmd: "node test.js" },
      { kind: "text", text: "Added a check for negative numbers; the test passes." },
    ]);
    const delivered = await s.deliverGithub(
      buildReviewCommentEvent({
        repo: "acme/web",
        installationId: CODEX_INSTALLATION_ID,
        sender: { login: "octocat" },
        pull: { number: pull?.number ?? 0, headRef: branch },
        commentId: 7001,
        body: "@baton also check negative numbers",
        path: "test.js",
        line: 2,
        diffHunk: "@@ -1,3 +1,3 @@",
      }),
    );
    expect(delivered.status).toBe(202);
    const reply = await eventually(
      "the reply on the pull request",
      () =>
        s.github
          .commentsOn("acme/web", pull?.number ?? 0)
          .find((comment) => comment.body.includes("negative numbers; the test passes")),
      TURN_WAIT_MS,
    );
    expect(reply.body).toContain("✅");
    // The same branch, one commit further, still one pull request.
    const secondCommit = s.github.git.branchHead("acme/web", branch);
    expect(secondCommit).not.toBe(firstCommit);
    expect(s.github.git.git("acme/web", "rev-parse", `${secondCommit}~1`)).toBe(firstCommit);
    expect(s.github.git.git("acme/web", "show", `${branch}:test.js`)).toContain("sum(-2, -3)");
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(1);
    // The same session: the model's thread goes on from the Slack turn.
    const followUp = s.model.requests[sessionPrompts];
    expect(followUp?.userPrompts.join("\n")).toContain("fix the failing sum test");
    expect(followUp?.userPrompts.at(-1)).toContain("also check negative numbers");
    // The Slack thread where it started hears, in one line, that its pull request changed.
    const note = await eventually("the line in the Slack thread", () =>
      callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).find(
        (c) => textOf(c).includes(`/pull/${pull?.number}`) && textOf(c).includes("updated"),
      ),
    );
    expect(note.body).toMatchObject({ thread_ts: ts });
  });

  it("stop in the middle of a long command ends the agent and the command at once; what was pushed stays and the result says so", async () => {
    const { ts, pull } = first;
    const branch = pull?.pull?.headRef ?? "";
    const pushed = s.github.git.branchHead("acme/web", branch);
    const marker = "sleep 87.31";
    s.model.setScript([
      { kind: "exec", cmd: `echo half-done > notes.txt && ${marker}`, yieldTimeMs: 30_000 },
      { kind: "text", text: "slept" },
    ]);
    const slack = slackActions(s.t);
    await slack.mention({ channel: CODEX_CHANNEL, threadTs: ts, text: "wait for the slow build" });
    await eventually("the long command to run", () => runningProcesses(marker).length > 0, TURN_WAIT_MS);
    await slack.mention({ channel: CODEX_CHANNEL, threadTs: ts, text: "stop" });
    const stopped = await eventually(
      "the stopped reply",
      () => callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).find((c) => textOf(c).includes("Stopped")),
      TURN_WAIT_MS,
    );
    expect(textOf(stopped)).toContain("What was already pushed is kept");
    expect(textOf(stopped)).toContain(`/acme/web/pull/${pull?.number}`);
    await eventually("the command to be gone", () => runningProcesses(marker).length === 0, 5_000);
    // Nothing of the stopped turn was pushed; the first turn's commit stays.
    expect(s.github.git.branchHead("acme/web", branch)).toBe(pushed);
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(1);
  });

  it("a follow-up in the thread runs on another worker with another data directory: the branch and the thread carry over", async () => {
    const { ts, pull } = first;
    const branch = pull?.pull?.headRef ?? "";
    const firstCommit = s.github.git.branchHead("acme/web", branch);
    const asked = s.model.requests.length;
    const second = await s.replaceWorker();
    s.model.setScript([
      { kind: "exec", cmd: "cat sum.js && node test.js" },
      (request) =>
        request.lastToolOutput?.text.includes("a + b")
          ? {
              kind: "patch",
              patch: replaceLinePatch(
                "sum.js",
                "module.exports = (a, b) => a + b;",
                "module.exports = (a, b) => Number(a) + Number(b);",
              ),
            }
          : { kind: "text", text: "the fix of the first turn is not in this workspace" },
      { kind: "text", text: "sum now adds numbers given as strings too." },
    ]);
    await slackActions(second).mention({
      channel: CODEX_CHANNEL,
      threadTs: ts,
      text: "make it take strings too",
    });
    await eventually(
      "the follow-up's result",
      () => callsIn(second, "chat.postMessage", CODEX_CHANNEL).find((c) => textOf(c).includes("strings too")),
      TURN_WAIT_MS,
    );
    // The new worker worked on the pushed branch (the first fix was there) and resumed the same thread.
    const followUp = s.model.requests[asked];
    expect(followUp?.userPrompts.join("\n")).toContain("fix the failing sum test");
    const secondCommit = s.github.git.branchHead("acme/web", branch);
    expect(s.github.git.git("acme/web", "rev-parse", `${secondCommit}~1`)).toBe(firstCommit);
    expect(s.github.git.git("acme/web", "show", `${branch}:sum.js`)).toContain("Number(a) + Number(b)");
    const dataDir = second.baton.config.BATON_DATA_DIR;
    expect(readdirSync(join(dataDir, "sessions")).length).toBeGreaterThan(0);
  });

  it("a session that ended (its state expired) loses its workspace at the next worker's sweep; a live one keeps it", async () => {
    // The worker that took the follow-up holds the first session's workspace, and only that.
    const sessionsDir = join(s.t.baton.config.BATON_DATA_DIR, "sessions");
    const [ended] = readdirSync(sessionsDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    const sessionId = decodeURIComponent(ended?.name ?? "");
    expect(sessionId).toMatch(/^s_/);
    fixTheTestScript(s);
    // A second session: a new thread, its own pull request.
    await askAndWait(s, "fix it again elsewhere", "/pull/");
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(2);
    // The first session expires: Redis drops its state (as BATON_RETENTION would).
    await s.t.redis.redis.del(createRedisKeys(s.t.redis.prefix).scoped("codex", "session", sessionId));
    const restarted = await s.restartWorker();
    await eventually(
      "the sweep at startup",
      () => restarted.logger.lines.find((line) => line.event === "server.codex.workspaces_swept"),
      TURN_WAIT_MS,
    );
    // The new worker's startup check of the sandbox writes in its data dir: let it end before the folder goes.
    await eventually(
      "the sandbox check at startup",
      () => restarted.logger.lines.find((line) => line.event.startsWith("server.codex.sandbox_")),
      TURN_WAIT_MS,
    );
    const left = readdirSync(sessionsDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(left.map((e) => decodeURIComponent(e.name))).not.toContain(sessionId);
    expect(left).toHaveLength(1);
  });
});

/** Pids of processes (not zombies) whose command line holds `needle`. */
function runningProcesses(needle: string): number[] {
  try {
    const pids = execFileSync("pgrep", ["-f", needle], { encoding: "utf8" }).split("\n").filter(Boolean);
    return pids
      .map(Number)
      .filter((pid) => pid !== process.pid && existsSync(`/proc/${pid}`) && !isZombie(pid));
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

function isZombie(pid: number): boolean {
  try {
    return execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" })
      .trim()
      .startsWith("Z");
  } catch {
    return true;
  }
}
