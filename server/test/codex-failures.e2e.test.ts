import { afterEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { CODEX_CHANNEL, type CodexScenario, startCodexScenario } from "./fixtures/start-codex-scenario.js";

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
});
