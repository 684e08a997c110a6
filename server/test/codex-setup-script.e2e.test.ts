import { afterEach, describe, expect, it } from "vitest";
import { callsIn, textOf } from "./fixtures/slack-test-actions.js";
import {
  askAndWait,
  BUGGY_SUM,
  CODEX_CHANNEL,
  type CodexScenario,
  replaceLinePatch,
  startCodexScenario,
} from "./fixtures/start-codex-scenario.js";

// A setup that half works: it leaves what it made (as `npm install` leaves node_modules, which the
// repository ignores) and then fails. Each run adds a line, so the count says how often it ran.
const SETUP_SCRIPT = [
  "echo ran >> .baton-setup-ran",
  'echo "could not reach the package registry" >&2',
  "exit 3",
  "",
].join("\n");
const FIX = replaceLinePatch("sum.js", BUGGY_SUM.trim(), "module.exports = (a, b) => a + b;");

describe("BATON_BACKEND=codex: a repository's .baton/setup.sh", () => {
  let s: CodexScenario | undefined;
  afterEach(() => s?.close());

  it("runs once when the workspace is made; its failure is a warning in the thread, and the turn goes on", async () => {
    s = await startCodexScenario({
      files: { ".baton/setup.sh": SETUP_SCRIPT, ".gitignore": ".baton-setup-ran\n" },
    });
    s.model.setScript([
      { kind: "exec", cmd: "cat .baton-setup-ran" },
      (request) =>
        request.lastToolOutput?.text.includes("ran")
          ? { kind: "patch", patch: FIX }
          : { kind: "text", text: "the setup left nothing in the workspace" },
      { kind: "text", text: "Fixed sum after the setup." },
    ]);

    const first = await askAndWait(s, "fix the failing sum test", "Fixed sum after the setup");

    expect(first.text).toContain("`.baton/setup.sh` failed (exit 3); the agent went on without it.");
    expect(first.text).toContain("/acme/web/pull/");
    // The setup's output is no part of the pull request: only the agent's fix is.
    const branch = s.github.pullRequestsOf("acme/web")[0]?.pull?.headRef ?? "";
    const changed = s.github.git.git("acme/web", "diff", "--name-only", "main", branch);
    expect(changed.split("\n")).toEqual(["sum.js"]);
    // The setup's own output is in the transcript behind the share link.
    const shareId = first.text.match(/\/s\/([\w-]+)/)?.[1];
    const markdown = await (await fetch(`${s.t.url}/api/shared/${shareId}/markdown`)).text();
    expect(markdown).toContain("could not reach the package registry");
    expect(markdown).toContain("[exit 3]");

    s.model.setScript([
      { kind: "exec", cmd: 'echo "runs=$(wc -l < .baton-setup-ran)"' },
      (request) => ({
        kind: "text",
        text: `The setup ran ${request.lastToolOutput?.text.match(/runs=(\d+)/)?.[1]} time(s).`,
      }),
    ]);
    const second = await askAndWait(s, "how often did the setup run?", "The setup ran", first.ts);

    expect(second.text).toContain("The setup ran 1 time(s).");
    expect(second.text).not.toContain("setup.sh` failed");
    const warnings = callsIn(s.t, "chat.postMessage", CODEX_CHANNEL).filter((c) =>
      textOf(c).includes("setup.sh` failed"),
    );
    expect(warnings).toHaveLength(1);
  });

  it("leaves what the setup wrote out of the pull request, even where the repository does not ignore it", async () => {
    // As `npm install` may rewrite a tracked lockfile and leave files the repository does not ignore.
    s = await startCodexScenario({
      files: {
        ".baton/setup.sh": "echo '// set up' >> test.js\necho made > setup-output.txt\n",
      },
    });
    s.model.setScript([
      { kind: "patch", patch: FIX },
      { kind: "text", text: "Fixed sum; setup left alone." },
    ]);

    const first = await askAndWait(s, "fix the failing sum test", "Fixed sum; setup left alone");

    expect(first.text).toContain("/acme/web/pull/");
    const branch = s.github.pullRequestsOf("acme/web")[0]?.pull?.headRef ?? "";
    const changed = s.github.git.git("acme/web", "diff", "--name-only", "main", branch);
    expect(changed.split("\n")).toEqual(["sum.js"]);
  });
});
