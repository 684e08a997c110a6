import { afterEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
`;

type Block = {
  type: string;
  text?: { text: string };
  elements?: Array<{ type: string; text?: unknown; url?: string }>;
};

describe("what a person reads", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  async function start() {
    ({ t, agent, slack } = await startSlackScenario({ catalogYaml: CATALOG }));
  }
  afterEach(() => t.close());

  it("the working message names target, backend and model, with Change target and Stop; progress is on the thread's status line", async () => {
    await start();
    const { ts: threadTs } = await slack.mention({ channel: "C0WORK", text: "!model gpt-5 fix the header" });
    const run = await agent.waitForRun(1);
    expect(run.turn.prompt).toBe("fix the header");
    const working = await eventually("the working message with its target", () =>
      [...callsIn(t, "chat.postMessage", "C0WORK"), ...callsIn(t, "chat.update", "C0WORK")].find((c) =>
        textOf(c).includes("acme/web"),
      ),
    );
    expect(textOf(working)).toContain("scripted");
    expect(textOf(working)).toContain("gpt-5");
    expect(textOf(working)).toContain("baton_change_target");
    expect(textOf(working)).toContain("baton_stop");

    run.emit({ type: "status", message: "Running the test suite" });
    await eventually("the status line", () =>
      t.slack.threadStatus("C0WORK", threadTs)?.includes("Running the test suite"),
    );
    // Many statuses at once become few status line updates, and the last one is shown.
    for (let i = 0; i < 20; i++) run.emit({ type: "status", message: `step ${i}` });
    await eventually(
      "the last status",
      () => t.slack.threadStatus("C0WORK", threadTs) === "is working: step 19",
    );
    expect(callsIn(t, "assistant.threads.setStatus", "C0WORK").length).toBeLessThan(5);
    // The working message is not edited for progress: chat.update's budget is the workspace's.
    expect(callsIn(t, "chat.update", "C0WORK").filter((c) => /step \d+|test suite/.test(textOf(c)))).toEqual(
      [],
    );
    run.finish();
    await eventually("the result", () =>
      callsIn(t, "chat.update", "C0WORK").find((c) => textOf(c).includes("Done in")),
    );
    expect(t.slack.threadStatus("C0WORK", threadTs)).toBeUndefined();
  });

  it("a 6,000-character summary arrives whole, with artifacts, the transcript button, a footer, and ✅ instead of 👀", async () => {
    await start();
    const { ts } = await slack.mention({ channel: "C0LONG", text: "write the migration guide" });
    const run = await agent.waitForRun(1);
    const paragraphs = Array.from({ length: 60 }, (_, i) =>
      `Paragraph ${i}: ${"the quick brown fox jumps over the lazy dog ".repeat(2)}`.trim(),
    );
    const summary = paragraphs.join("\n\n");
    expect(summary.length).toBeGreaterThan(6_000);
    run.finish([
      {
        type: "artifact",
        artifact: {
          kind: "pull_request",
          url: "https://github.com/acme/web/pull/42",
          title: "Migration guide",
        },
      },
      { type: "done", summary },
    ]);
    const result = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0LONG").find((c) => textOf(c).includes("Paragraph 0")),
    );
    const blocks = (result.body as { blocks: Block[] }).blocks;
    expect(blocks.length).toBeLessThanOrEqual(50);
    const sections = blocks.filter((b) => b.type === "section").map((b) => b.text?.text ?? "");
    for (const section of sections) expect(section.length).toBeLessThanOrEqual(3_000);
    const shown = sections.join("\n\n");
    for (const paragraph of paragraphs) expect(shown).toContain(paragraph);
    expect(shown).toContain("<https://github.com/acme/web/pull/42|Migration guide>");
    const button = blocks.flatMap((b) => b.elements ?? []).find((e) => e.type === "button");
    expect(button?.url).toMatch(/\/s\/[\w-]{32,}$/);
    const footer = blocks.at(-1);
    expect(footer?.type).toBe("context");
    expect(JSON.stringify(footer)).toContain("acme/web · scripted");
    await eventually("✅", () => t.slack.reactionsOn("C0LONG", ts).includes("white_check_mark"));
    expect(t.slack.reactionsOn("C0LONG", ts)).not.toContain("eyes");
  });

  it("a failure says what failed and what to do, with ❌", async () => {
    await start();
    const { ts } = await slack.mention({ channel: "C0FAIL", text: "deploy it" });
    const run = await agent.waitForRun(1);
    run.finish([{ type: "error", message: "the repository has no deploy script", retryable: false }]);
    const failure = await eventually("the failure", () =>
      callsIn(t, "chat.postMessage", "C0FAIL").find((c) => textOf(c).includes("❌")),
    );
    expect(textOf(failure)).toContain("the repository has no deploy script");
    expect(textOf(failure)).toContain("Reply in this thread to try again");
    await eventually("❌", () => t.slack.reactionsOn("C0FAIL", ts).includes("x"));
  });

  it("honours 429 Retry-After from Slack: the reply arrives once, not lost and not twice", async () => {
    await start();
    t.slack.failNext("chat.postMessage", { kind: "rate_limited", retryAfterSeconds: 1 }, 1);
    await slack.mention({ channel: "C0RATE", text: "quick one" });
    const run = await agent.waitForRun(1);
    run.finish();
    await eventually(
      "the result",
      () =>
        callsIn(t, "chat.postMessage", "C0RATE").find(
          (c) => textOf(c).includes("finished:") && c.outcome.kind === "ok",
        ),
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const posts = callsIn(t, "chat.postMessage", "C0RATE");
    expect(posts.filter((c) => c.outcome.kind === "rate_limited")).toHaveLength(1);
    expect(posts.filter((c) => c.outcome.kind === "ok" && textOf(c).includes("Working on it"))).toHaveLength(
      1,
    );
    expect(posts.filter((c) => c.outcome.kind === "ok" && textOf(c).includes("finished:"))).toHaveLength(1);
  });
});
