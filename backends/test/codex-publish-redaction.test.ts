// What the codex backend pushes to GitHub carries no secret: the commit message, the pull request's title and body.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRedactor, silentLogger } from "@baton/core";
import { createGithubPullRequests } from "@baton/github";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createTurnPublisher } from "../src/codex/publish/create-turn-publisher.js";
import {
  BATON_AUTHOR,
  type CodexSessionFixture,
  createCodexSessionFixture,
  INSTALLATION_ID,
  slackTurn,
} from "./codex-session-fixture.js";

let fixture: CodexSessionFixture;
beforeEach(async () => {
  fixture = await createCodexSessionFixture();
});
afterEach(() => fixture.cleanup());

const signal = new AbortController().signal;
const TOKEN_BODY = "A1b2C3d4E5".repeat(4);
const SECRET = `ghp_${TOKEN_BODY}`;

it("pushes no secret in the commit subject or the pull request's title, nor in its body", async () => {
  const worker = fixture.worker("one");
  const redactor = createRedactor({ knownSecrets: [] });
  // The publisher as setup-codex-backend.ts wires it: with the redactor.
  const publish = createTurnPublisher({
    stores: worker.stores,
    state: worker.state,
    author: BATON_AUTHOR,
    tokens: { tokenFor: async () => fixture.github.issueInstallationToken(INSTALLATION_ID) },
    pullRequests: createGithubPullRequests({ apiUrl: fixture.github.url }),
    redact: (text) => redactor.redact(text).text,
    logger: silentLogger,
  });
  const prompt = `Login fails with token ${SECRET} in the retry path`;
  const workspace = await worker.workspaces.open(
    { sessionId: "s_redact-1", target: { kind: "repository", repo: "acme/api" }, title: prompt },
    signal,
  );
  writeFileSync(join(workspace.root, "src/login.ts"), "export const retries = 3;\n");
  // The agent ended without a final message: the title comes from what was asked.
  const [outcome] = await publish(
    { workspace, turn: slackTurn("s_redact-1", prompt), summary: "", checks: [], links: {} },
    signal,
  );
  expect(outcome).toMatchObject({ kind: "pushed" });
  const branch = workspace.repositories[0]?.branch ?? "";
  const message = fixture.github.git.git("acme/api", "log", "-1", "--format=%B", `refs/heads/${branch}`);
  const [pull] = fixture.github.pullRequestsOf("acme/api") as Array<{ body: string; title: string }>;
  expect(pull?.body).not.toContain(TOKEN_BODY);
  expect(message).not.toContain(TOKEN_BODY);
  expect(pull?.title).not.toContain(TOKEN_BODY);
  expect(pull?.title).toContain("[REDACTED:github-token]");
});
