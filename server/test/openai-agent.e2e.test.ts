import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createTestGitRepository,
  type FakeOpenAI,
  startFakeOpenAI,
  type TestGitRepository,
} from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const SHARE_ID = /\/s\/([\w-]+)/;

describe("the openai backend, end to end through the gateway and the worker", () => {
  let t: TestBaton;
  let fake: FakeOpenAI;
  let repo: TestGitRepository;
  let outside: string;
  let dataDir: string;

  beforeEach(async () => {
    outside = mkdtempSync(join(tmpdir(), "baton-outside-"));
    writeFileSync(join(outside, "secret.txt"), "the launch codes\n");
    repo = createTestGitRepository({
      files: {
        "README.md": "# Storefront\n",
        "src/retry.ts": "// How often a payment is retried.\nexport const RETRY_LIMIT = 3;\n",
        "src/cart.ts": "import { RETRY_LIMIT } from './retry';\nexport const tries = RETRY_LIMIT;\n",
      },
      symlinks: { "docs/secret.txt": join(outside, "secret.txt") },
    });
    dataDir = mkdtempSync(join(tmpdir(), "baton-data-"));
    fake = await startFakeOpenAI();
    t = await startTestBaton({
      catalogYaml: `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
    path: ${JSON.stringify(repo.dir)}
slack:
  channels:
    C0AGENT: { target: acme/web }
models:
  openai:
    default: gpt-4.1-mini
    allowed: [gpt-4.1-mini, gpt-4.1]
`,
      env: {
        BATON_BACKEND: "openai",
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: "sk-test",
        BATON_DATA_DIR: dataDir,
      },
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
    repo.cleanup();
    rmSync(outside, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The "Working on it in …" texts posted or edited in, in order. */
  function workingLines(): string[] {
    return t.slack.calls
      .filter((c) => c.method === "chat.postMessage" || c.method === "chat.update")
      .map((c) => String((c.body as { text?: string }).text ?? ""))
      .filter((text) => text.startsWith("⏳ Working on it in"));
  }

  it("answers from the repository with tools, refuses a path escape, and carries the conversation and the model into follow-ups", async () => {
    const slack = slackActions(t);
    fake.setScript([
      {
        kind: "tool_calls",
        content: "Let me look.",
        calls: [{ name: "list_files", arguments: { pattern: "src/**" } }],
      },
      {
        kind: "tool_calls",
        calls: [
          { name: "read_file", arguments: { path: "../../../../../etc/passwd" } },
          { name: "read_file", arguments: { path: "docs/secret.txt" } },
          { name: "search", arguments: { pattern: "RETRY_LIMIT = [0-9]+" } },
        ],
      },
      { kind: "text", content: "Payments are retried **3** times (`src/retry.ts:2`)." },
    ]);
    const { ts: threadTs } = await slack.mention({
      channel: "C0AGENT",
      text: "how often is a payment retried?",
    });

    const result = await eventually("the answer in the thread", () =>
      // The agent answers in markdown; Slack gets it as mrkdwn (`**3**` → `*3*`).
      callsIn(t, "chat.postMessage", "C0AGENT").find((c) => textOf(c).includes("retried *3* times")),
    );
    expect(result.body).toMatchObject({ thread_ts: threadTs });
    expect(workingLines()[0]).toContain("openai · gpt-4.1-mini");

    // What the model was sent: the tools, and each tool's answer, the escapes refused.
    expect(fake.requests).toHaveLength(3);
    const [first, , third] = fake.requests;
    expect(first?.body.model).toBe("gpt-4.1-mini");
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual([
      "list_files",
      "read_file",
      "search",
      "git_log",
      "git_blame",
    ]);
    const toolAnswers = (third?.body.messages ?? [])
      .filter((m) => m.role === "tool")
      .map((m) => String(m.content));
    expect(toolAnswers).toEqual([
      "src/cart.ts\nsrc/retry.ts",
      expect.stringMatching(/^Refused: .*outside the repository/),
      expect.stringMatching(/^Refused: .*symbolic link/),
      "src/retry.ts:2:export const RETRY_LIMIT = 3;",
    ]);
    expect(JSON.stringify(fake.requests.map((r) => r.body))).not.toContain("launch codes");

    // Every step is in the transcript that the share page shows.
    const shareId = textOf(result).match(SHARE_ID)?.[1];
    expect(shareId).toBeDefined();
    const markdown = await (await fetch(`${t.url}/api/shared/${shareId}/markdown`)).text();
    expect(markdown).toContain("list_files");
    expect(markdown).toContain("Refused");
    expect(markdown).toContain("Let me look.");

    // A follow-up that picks another model: the earlier turn is carried, and the model sticks.
    fake.setScript([{ kind: "text", content: "It is used in `src/cart.ts`." }]);
    await slack.mention({ channel: "C0AGENT", threadTs, text: "!model gpt-4.1 and where is it used?" });
    await eventually("the follow-up's answer", () =>
      callsIn(t, "chat.postMessage", "C0AGENT").find((c) => textOf(c).includes("It is used in")),
    );
    const followUp = fake.requests.at(-1)!;
    expect(followUp.body.model).toBe("gpt-4.1");
    expect(
      followUp.body.messages?.filter((m) => m.role !== "system").map((m) => [m.role, m.content]),
    ).toEqual([
      ["user", "how often is a payment retried?"],
      ["assistant", "Payments are retried **3** times (`src/retry.ts:2`)."],
      ["user", "and where is it used?"],
    ]);

    fake.setScript([{ kind: "text", content: "Still on the bigger model." }]);
    await slack.mention({ channel: "C0AGENT", threadTs, text: "thanks, anything else?" });
    await eventually("the third answer", () =>
      callsIn(t, "chat.postMessage", "C0AGENT").find((c) => textOf(c).includes("Still on the bigger model")),
    );
    expect(fake.requests.at(-1)?.body.model).toBe("gpt-4.1");
    expect(workingLines().at(-1)).toContain("openai · gpt-4.1");
    expect(workingLines().at(-1)).not.toContain("gpt-4.1-mini");
    // Each turn read its own checkout, removed when it answered; the fetched store stays.
    await eventually("the turns' checkouts to be removed", () =>
      readdirSync(join(dataDir, "workspaces", ".turns")).length === 0 ? true : undefined,
    );
    expect(existsSync(join(dataDir, "workspaces", "acme", "web", "default", ".git"))).toBe(true);

    // A model outside the catalog's list is refused, naming the allowed ones; nothing is asked.
    const asked = fake.requests.length;
    await slack.mention({ channel: "C0AGENT", threadTs, text: "!model gpt-9 try harder" });
    const refusal = await eventually("the refusal", () =>
      callsIn(t, "chat.postMessage", "C0AGENT").find((c) => textOf(c).includes("gpt-9")),
    );
    expect(textOf(refusal)).toContain("`gpt-4.1-mini`, `gpt-4.1`");
    expect(fake.requests).toHaveLength(asked);
  });
});
