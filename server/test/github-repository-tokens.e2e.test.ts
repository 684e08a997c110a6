import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Bot, BotModule } from "@baton/core";
import { createGithubBotModule } from "@baton/github/module";
import { type FakeGithub, type FakeOpenAI, startFakeGithub, startFakeOpenAI } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import type { Config } from "../src/config/load-config.js";
import { slackActions } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const INSTALLATION_ROUTE = "GET /repos/{owner}/{repo}/installation";
const TOKEN_ROUTE = "POST /app/installations/{installation_id}/access_tokens";

/** Baton's own GitHub module, remembering the bot it built (the server never hands bots out). */
function capturingGithubModule(built: { bot?: Bot }): BotModule<Config> {
  const module = createGithubBotModule({ writeMinIntervalMs: 0 });
  return {
    ...module,
    async setup(config, services) {
      built.bot = await module.setup(config, services);
      return built.bot;
    },
  };
}

describe("GitHub installation tokens for the openai backend", () => {
  let github: FakeGithub | undefined;
  let t: TestBaton | undefined;
  let openai: FakeOpenAI | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await t?.close();
    await github?.close();
    await openai?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    t = github = openai = dataDir = undefined;
  });

  function githubEnv(fake: FakeGithub): Record<string, string> {
    return {
      GITHUB_APP_ID: String(fake.app.appId),
      GITHUB_PRIVATE_KEY: fake.app.privateKey.replace(/\n/g, "\\n"),
      GITHUB_WEBHOOK_SECRET: fake.app.webhookSecret,
      GITHUB_API_URL: fake.url,
    };
  }

  it("a Baton with GitHub on and BATON_BACKEND=openai has the App's installation tokens by repository", async () => {
    github = await startFakeGithub();
    github.install("acme/api", 4242);
    const built: { bot?: Bot } = {};
    t = await startTestBaton({
      bots: ["github"],
      modules: [capturingGithubModule(built)],
      env: {
        ...githubEnv(github),
        // The built-in agent: startBaton builds it with the bots' repository tokens.
        BATON_BACKEND: "openai",
        OPENAI_API_KEY: "sk-test-never-called",
      },
    });
    const tokens = built.bot?.repositoryTokens;
    expect(tokens).toBeDefined();
    const signal = new AbortController().signal;
    const token = await tokens?.tokenFor("acme/api", signal);
    expect(token).toMatch(/^ghs_fake4242x/);
    // A repository the App is not installed on is fetched without a token (public ones still work).
    await expect(tokens?.tokenFor("acme/public", signal)).resolves.toBeUndefined();
    expect(github.callsTo(INSTALLATION_ROUTE).map((call) => [call.params.repo, call.status])).toEqual([
      ["api", 200],
      ["public", 404],
    ]);
  });

  it("a turn on the openai backend asks the GitHub bot for the repository's token before git fetches it", async () => {
    github = await startFakeGithub();
    github.install("acme/api", 4343);
    openai = await startFakeOpenAI();
    dataDir = mkdtempSync(join(tmpdir(), "baton-data-"));
    t = await startTestBaton({
      bots: ["slack", "github"],
      modules: BOT_MODULES,
      // No `path` or `url`: the repository comes from the git host of GITHUB_API_URL (the fake).
      catalogYaml: `
repositories:
  - repo: acme/api
    description: The API
slack:
  channels:
    C0API: { target: acme/api }
`,
      env: {
        ...githubEnv(github),
        BATON_BACKEND: "openai",
        OPENAI_BASE_URL: openai.url,
        OPENAI_API_KEY: "sk-test",
        BATON_DATA_DIR: dataDir,
      },
    });
    await slackActions(t).mention({ channel: "C0API", text: "what does the API do?" });
    const [lookup] = await github.waitForCall(INSTALLATION_ROUTE);
    expect(lookup).toMatchObject({ params: { owner: "acme", repo: "api" }, status: 200 });
    const [exchange] = await github.waitForCall(TOKEN_ROUTE);
    expect(exchange).toMatchObject({ params: { installation_id: "4343" }, status: 201 });
  });
});
