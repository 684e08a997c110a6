import { describe, expect, it } from "vitest";
import { capText } from "./cap-text.js";
import { describeHarnessEvent } from "./describe-harness-event.js";
import { describeHarnessFailure } from "./describe-harness-failure.js";
import { describePublishOutcomes } from "./describe-publish-outcome.js";
import { describeTurnDiff } from "./describe-turn-diff.js";

describe("describeHarnessEvent", () => {
  it("shows a command as it starts, then with its exit code and its output as a step", () => {
    expect(
      describeHarnessEvent({ type: "command", id: "c1", command: "npm test", status: "running" }),
    ).toEqual([{ type: "status", message: "Running `npm test`" }]);
    expect(
      describeHarnessEvent({
        type: "command",
        id: "c1",
        command: "npm test",
        status: "failed",
        exitCode: 1,
        output: "1 failing\n",
      }),
    ).toEqual([
      { type: "status", message: "Running `npm test` → exit 1" },
      { type: "tool", name: "command", input: "npm test", output: "1 failing\n\n[exit 1]" },
    ]);
    const declined = describeHarnessEvent({
      type: "command",
      id: "c2",
      command: "curl x",
      status: "declined",
    });
    expect(declined[0]).toEqual({ type: "status", message: "Running `curl x` → declined by the sandbox" });
  });

  it("keeps a progress line to one line, and a step's output to its cap", () => {
    const [status, step] = describeHarnessEvent({
      type: "command",
      id: "c3",
      command: `bash -lc 'for f in *; do\n  echo "$f" \`date\`\ndone' ${"x".repeat(200)}`,
      status: "completed",
      exitCode: 0,
      output: "y".repeat(100_000),
    });
    expect(status).toMatchObject({ type: "status" });
    const line = status?.type === "status" ? status.message : "";
    expect(line).not.toContain("\n");
    expect(line.length).toBeLessThan(120);
    expect(line).toMatch(/…` → exit 0$/);
    expect(step?.type === "tool" ? step.output?.length : 0).toBeLessThan(8_100);
  });

  it("shows files being edited, the plan with its current step, messages and warnings", () => {
    expect(
      describeHarnessEvent({
        type: "file_change",
        id: "f1",
        changes: [
          { path: "src/login.ts", kind: "update" },
          { path: "src/login.test.ts", kind: "add" },
        ],
      }),
    ).toEqual([{ type: "status", message: "Editing src/login.ts, src/login.test.ts (new)" }]);
    expect(
      describeHarnessEvent({
        type: "plan",
        items: [
          { text: "read the test", completed: true },
          { text: "fix the parser", completed: false },
          { text: "run the tests", completed: false },
        ],
      }),
    ).toEqual([{ type: "status", message: "Plan: ✓ read the test · ▸ fix the parser · run the tests" }]);
    expect(describeHarnessEvent({ type: "message", text: "Found it." })).toEqual([
      { type: "message", text: "Found it." },
    ]);
    expect(describeHarnessEvent({ type: "warning", message: "slow model" })).toEqual([
      { type: "status", message: "⚠️ slow model" },
    ]);
    expect(
      describeHarnessEvent({ type: "usage", inputTokens: 1, cachedInputTokens: 0, outputTokens: 2 }),
    ).toEqual([]);
  });
});

describe("describeHarnessFailure", () => {
  const context = { model: "gpt-9", turnTimeoutMs: 30 * 60_000 };
  it("says what went wrong, and only a model server that did not answer is worth a retry", () => {
    expect(describeHarnessFailure({ type: "failed", reason: "auth", message: "401" }, context)).toMatchObject(
      {
        type: "error",
        message: expect.stringContaining("OPENAI_API_KEY"),
        retryable: false,
      },
    );
    expect(
      describeHarnessFailure({ type: "failed", reason: "unknown_model", message: "404" }, context),
    ).toMatchObject({ message: expect.stringContaining("`gpt-9`"), retryable: false });
    expect(
      describeHarnessFailure({ type: "failed", reason: "timeout", message: "deadline" }, context),
    ).toMatchObject({ message: expect.stringContaining("BATON_TURN_TIMEOUT_MS, 30 min"), retryable: false });
    expect(
      describeHarnessFailure({ type: "failed", reason: "quota", message: "Quota exceeded" }, context),
    ).toMatchObject({ message: expect.stringContaining("plan and billing"), retryable: false });
    expect(
      describeHarnessFailure(
        { type: "failed", reason: "model_unreachable", message: "ECONNREFUSED" },
        context,
      ),
    ).toMatchObject({ retryable: true });
  });
});

describe("describePublishOutcomes", () => {
  const files = [{ path: "src/login.ts", added: 3, removed: 1 }];
  it("posts the pull request, or the pushed branch with why there is no pull request", () => {
    const report = describePublishOutcomes([
      {
        repo: "acme/web",
        kind: "pushed",
        branch: "baton/fix-login-1a2b",
        commit: "abc",
        files,
        pullRequest: { number: 7, url: "https://github.com/acme/web/pull/7", opened: true },
      },
      {
        repo: "acme/api",
        kind: "pushed",
        branch: "baton/fix-login-1a2b",
        commit: "def",
        files,
        branchUrl: "https://github.com/acme/api/tree/baton/fix-login-1a2b",
        pullRequestRefused: "Validation Failed",
      },
      { repo: "acme/lib", kind: "pushed", branch: "baton/x", commit: "0", files },
      { repo: "acme/infra", kind: "no_changes" },
      { repo: "acme/core", kind: "push_refused", reason: "protected", message: "GH006" },
    ]);
    expect(report.artifacts).toEqual([
      { kind: "pull_request", url: "https://github.com/acme/web/pull/7", title: "acme/web#7" },
      {
        kind: "branch",
        url: "https://github.com/acme/api/tree/baton/fix-login-1a2b",
        title: "acme/api baton/fix-login-1a2b",
      },
      { kind: "branch", title: "acme/lib baton/x" },
    ]);
    expect(report.lines).toEqual([
      "Opened draft pull request acme/web#7 (branch `baton/fix-login-1a2b`): `src/login.ts` (+3 −1).",
      "Pushed branch `baton/fix-login-1a2b` of acme/api: `src/login.ts` (+3 −1).",
      expect.stringContaining("GitHub would not open a pull request for acme/api (Validation Failed)"),
      "Pushed branch `baton/x` of acme/lib (no pull request: the repository is not on GitHub): `src/login.ts` (+3 −1).",
      expect.stringMatching(/^⚠️ Could not push to acme\/core: the branch is protected \(GH006\)/),
    ]);
  });
});

describe("a refused push", () => {
  it("says the changes are kept where the next turn pushes them again, and not where the branch moved", () => {
    const [kept, dropped] = describePublishOutcomes([
      { repo: "acme/core", kind: "push_refused", reason: "protected", message: "GH006" },
      { repo: "acme/api", kind: "push_refused", reason: "moved", message: "fetch first" },
    ]).lines;
    expect(kept).toContain("The changes are kept in this session; ask again to retry.");
    expect(dropped).toContain("This turn's changes were not kept");
    expect(dropped).not.toContain("kept in this session");
  });
});

describe("describeTurnDiff and capText", () => {
  it("shows each changed file with its lines, and keeps the patch as a step", () => {
    const events = [
      ...describeTurnDiff({ files: [{ path: "a.ts", added: 2, removed: 0 }], patch: "+x\n+y" }),
    ];
    expect(events).toEqual([
      { type: "status", message: "Changed 1 file: a.ts (+2 −0)" },
      { type: "tool", name: "diff", input: "1 file changed", output: "+x\n+y" },
    ]);
    expect([...describeTurnDiff({ files: [], patch: "" })]).toEqual([]);
  });

  it("keeps the head and the tail of a long text", () => {
    const capped = capText(`HEAD${"-".repeat(1_000)}TAIL`, 200);
    expect(capped.length).toBeLessThanOrEqual(200);
    expect(capped).toMatch(/^HEAD/);
    expect(capped).toMatch(/TAIL$/);
    expect(capped).toContain("characters left out");
    expect(capText("short", 200)).toBe("short");
  });
});
