import type { Bot, BotModule } from "@baton/core";
import { type FakeGithub, startFakeGithub } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../src/config/load-config.js";
import { createGithubBotModule } from "../src/platforms/setup-github.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const INSTALLATION_ROUTE = "GET /repos/{owner}/{repo}/installation";

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
  afterEach(async () => {
    await t?.close();
    await github?.close();
  });

  it("a Baton with GitHub on and BATON_BACKEND=openai has the App's installation tokens by repository", async () => {
    github = await startFakeGithub();
    github.install("acme/api", 4242);
    const built: { bot?: Bot } = {};
    t = await startTestBaton({
      bots: ["github"],
      modules: [capturingGithubModule(built)],
      env: {
        GITHUB_APP_ID: String(github.app.appId),
        GITHUB_PRIVATE_KEY: github.app.privateKey.replace(/\n/g, "\\n"),
        GITHUB_WEBHOOK_SECRET: github.app.webhookSecret,
        GITHUB_API_URL: github.url,
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
});
