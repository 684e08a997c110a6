import { execFileSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import {
  askAndWait,
  BUGGY_SUM,
  CODEX_CHANNEL,
  CODEX_TEST_MODEL,
  type CodexScenario,
  replaceLinePatch,
  startCodexScenario,
} from "./fixtures/start-codex-scenario.js";

const FIX = replaceLinePatch("sum.js", BUGGY_SUM.trim(), "module.exports = (a, b) => a + b;");
const SWAP = replaceLinePatch(
  "sum.js",
  "module.exports = (a, b) => a + b;",
  "module.exports = (a, b) => b + a;",
);

/** A first turn (in a new thread) that fixes the test and opens a draft pull request; resolves with its thread and branch. */
async function openPullRequest(s: CodexScenario) {
  s.model.setScript([
    { kind: "patch", patch: FIX },
    { kind: "text", text: "Fixed sum." },
  ]);
  const { ts, text } = await askAndWait(s, "fix the failing sum test", "/pull/");
  const number = Number(text.match(/\/acme\/web\/pull\/(\d+)/)?.[1]);
  const pull = s.github.pullRequestsOf("acme/web").find((opened) => opened.number === number);
  return { ts, branch: pull?.pull?.headRef ?? "" };
}

describe("BATON_BACKEND=codex failures, said in the thread", () => {
  let s: CodexScenario | undefined;
  afterEach(() => s?.close());

  it("a model server that refuses Baton's key: the thread says so, nothing is pushed, and the key is not shown", async () => {
    s = await startCodexScenario({ env: { OPENAI_API_KEY: "sk-not-the-right-key" } });
    s.model.setScript([{ kind: "text", text: "never asked" }]);
    await slackActions(s.t).mention({ channel: CODEX_CHANNEL, text: "fix the failing sum test" });
    const failure = await eventually(
      "the failure in the thread",
      () => callsIn(s!.t, "chat.postMessage", CODEX_CHANNEL).find((c) => textOf(c).includes("❌")),
      25_000,
    );
    expect(textOf(failure)).toContain("refused Baton's key (OPENAI_API_KEY)");
    expect(textOf(failure)).not.toContain("sk-not-the-right-key");
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(0);
  });

  it("a model the model server does not know: the thread names it, and nothing is pushed", async () => {
    s = await startCodexScenario({ models: ["some-other-model"] });
    s.model.setScript([{ kind: "patch", patch: FIX }]);
    const { text } = await askAndWait(s, "fix the failing sum test", "❌");
    expect(text).toContain(`does not know the model \`${CODEX_TEST_MODEL}\``);
    expect(text).toContain("!model");
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(0);
    expect(s.github.git.git("acme/web", "branch", "--list", "baton/*")).toBe("");
  });

  it("a turn over BATON_TURN_TIMEOUT_MS: the thread says it was ended, its command ends too, nothing is pushed", async () => {
    s = await startCodexScenario({ env: { BATON_TURN_TIMEOUT_MS: "8000" } });
    const marker = "sleep 71.93";
    s.model.setScript([
      { kind: "exec", cmd: `echo started > notes.txt && ${marker}`, yieldTimeMs: 30_000 },
      { kind: "text", text: "slept" },
    ]);

    const { text } = await askAndWait(s, "run the slow build", "time limit");

    expect(text).toContain("BATON_TURN_TIMEOUT_MS, 8 s");
    expect(text).toContain("What earlier turns pushed is kept");
    expect(text).not.toContain("slept");
    await eventually("the command to be gone", () => !commandRuns(marker), 5_000);
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(0);
    expect(s.github.git.git("acme/web", "branch", "--list", "baton/*")).toBe("");
  });
});

// Three failures of one scenario (its default setup), in this order: a pull request that is not
// opened first (no pull request may exist yet), then each push failure in a session of its own.
describe("BATON_BACKEND=codex failures of GitHub, said in the thread", () => {
  let shared: CodexScenario;
  beforeAll(async () => {
    shared = await startCodexScenario();
  });
  afterAll(() => shared?.close());

  it("a pull request GitHub would not open: the thread says so and links the pushed branch instead", async () => {
    shared.github.failNext("POST /repos/{owner}/{repo}/pulls", { kind: "http", status: 403 });
    shared.model.setScript([
      { kind: "patch", patch: FIX },
      { kind: "text", text: "Fixed sum." },
    ]);

    const { text } = await askAndWait(shared, "fix the failing sum test", "would not open a pull request");

    expect(shared.github.pullRequestsOf("acme/web")).toHaveLength(0);
    const branch = text.match(/`(baton\/[\w./-]+)`/)?.[1] ?? "";
    expect(shared.github.git.git("acme/web", "show", `${branch}:sum.js`)).toContain("a + b");
    expect(text).toContain(`/acme/web/tree/${branch}`);
    expect(text).toContain("open one from it");
  });

  it("a push GitHub refuses (branch protection): the thread says why, the branch stays where it was", async () => {
    const { ts, branch } = await openPullRequest(shared);
    const pushed = shared.github.git.branchHead("acme/web", branch);
    shared.github.git.protectBranch("acme/web", branch);
    shared.model.setScript([
      { kind: "patch", patch: SWAP },
      { kind: "text", text: "Swapped the operands." },
    ]);

    const { text } = await askAndWait(shared, "swap the operands", "Could not push", ts);

    expect(text).toContain("Could not push to acme/web: the branch is protected");
    expect(text).toContain("GH006");
    expect(text).toContain("ask again to retry");
    expect(shared.github.git.branchHead("acme/web", branch)).toBe(pushed);
  });

  it("a branch moved under Baton during the turn: the push is refused in words, the other commit is not overwritten", async () => {
    const { ts, branch } = await openPullRequest(shared);
    let moved = "";
    shared.model.setScript([
      { kind: "patch", patch: SWAP },
      () => {
        // Someone else pushes to the session's branch while the agent works.
        const git = (...args: string[]) => shared.github.git.git("acme/web", ...args);
        moved = git("commit-tree", `${branch}^{tree}`, "-p", branch, "-m", "a reviewer's commit");
        git("update-ref", `refs/heads/${branch}`, moved);
        return { kind: "text", text: "Swapped the operands." };
      },
    ]);

    const { text } = await askAndWait(shared, "swap the operands", "Could not push", ts);

    expect(text).toContain("Could not push to acme/web: the branch moved under Baton");
    expect(shared.github.git.branchHead("acme/web", branch)).toBe(moved);
  });
});

describe("BATON_BACKEND=codex: who may have changes pushed", () => {
  let s: CodexScenario | undefined;
  afterEach(() => s?.close());

  it("a Slack requester the catalog's access policy does not let in starts nothing: no model, no branch, no pull request", async () => {
    s = await startCodexScenario({ catalogExtra: "access:\n  slack:\n    users: [U0ADA]\n" });
    s.model.setScript([
      { kind: "patch", patch: FIX },
      { kind: "text", text: "Fixed sum." },
    ]);
    await slackActions(s.t).mention({
      channel: CODEX_CHANNEL,
      user: "U0MALLORY",
      text: "push my backdoor to acme/web",
    });
    await eventually("the private refusal", () =>
      callsIn(s!.t, "chat.postEphemeral", CODEX_CHANNEL).find(
        (c) => (c.body as { user?: string }).user === "U0MALLORY",
      ),
    );
    expect(s.t.logger.lines.find((line) => line.event === "core.access.refused")?.fields).toMatchObject({
      user_id: "U0MALLORY",
    });
    // The person the policy lets in gets the pull request; the other got nothing from the agent.
    await askAndWait(s, "fix the failing sum test", "/pull/");
    expect(s.model.requests.length).toBeGreaterThan(0);
    expect(s.model.requests.some((request) => request.userPrompts.join("\n").includes("backdoor"))).toBe(
      false,
    );
    expect(s.github.pullRequestsOf("acme/web")).toHaveLength(1);
    expect(s.github.git.git("acme/web", "branch", "--list", "baton/*").split("\n")).toHaveLength(1);
    expect(
      callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).some((c) => textOf(c).includes("<@U0MALLORY>")),
    ).toBe(false);
  });
});

/** Whether a live (not zombie) process's command line holds `needle`. */
function commandRuns(needle: string): boolean {
  try {
    const listing = execFileSync("ps", ["-eo", "stat=,args="], { encoding: "utf8" });
    return listing
      .split("\n")
      .some((line) => line.includes(needle) && !line.trim().startsWith("Z") && !line.includes("ps -eo"));
  } catch {
    return false;
  }
}
