import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BackendTurn, type Catalog, catalogSchema, createRedisKeys, silentLogger } from "@baton/core";
// Test only: the publish step is tried against the real GitHub client of the port, over testkit's fake GitHub.
import { createGithubPullRequests } from "@baton/github";
import {
  createTestGitRepository,
  type FakeGithub,
  startFakeGithub,
  type TestGitRepository,
} from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { createTurnPublisher } from "../src/codex/publish/create-turn-publisher.js";
import { createSessionStateStore } from "../src/codex/session-state/session-state-store.js";
import { createSessionWorkspaces } from "../src/codex/workspace/create-session-workspaces.js";
import { createRepositoryStores } from "../src/workspace/repository-stores.js";

export const INSTALLATION_ID = 7;
export const BATON_AUTHOR = { name: "baton[bot]", email: "41898282+baton[bot]@users.noreply.github.com" };

/** One worker: its own data directory, the shared Redis and remotes. */
export type Worker = ReturnType<typeof createWorker>;

export interface CodexSessionFixture {
  redis: TestRedis;
  github: FakeGithub;
  /** `acme/web`: a repository outside GitHub (a catalog `path`). */
  web: TestGitRepository;
  catalog: Catalog;
  /** Every git command line the workers ran (through a wrapper that logs its arguments). */
  gitArgv(): string;
  /** Tokens the provider handed out. */
  tokens: string[];
  worker(name: string): Worker;
  cleanup(): Promise<void>;
}

function createWorker(
  fixture: Omit<CodexSessionFixture, "worker" | "cleanup">,
  dataDir: string,
  git: string,
) {
  const logger = silentLogger;
  const tokens = {
    async tokenFor() {
      const token = fixture.github.issueInstallationToken(INSTALLATION_ID);
      fixture.tokens.push(token);
      return token;
    },
  };
  const stores = createRepositoryStores({
    dir: join(dataDir, "workspaces"),
    catalog: fixture.catalog,
    tokens,
    gitHost: fixture.github.url,
    git,
    remoteTimeoutMs: 60_000,
  });
  const state = createSessionStateStore({
    redis: fixture.redis.redis,
    keys: createRedisKeys(fixture.redis.prefix),
    ttlMs: 60 * 60_000,
    logger,
  });
  const pullRequests = createGithubPullRequests({ apiUrl: fixture.github.url });
  const workspaces = createSessionWorkspaces({
    dir: join(dataDir, "sessions"),
    stores,
    catalog: fixture.catalog,
    state,
    git,
    merged: { tokens, pullRequests },
    logger,
  });
  const publish = createTurnPublisher({
    stores,
    state,
    author: BATON_AUTHOR,
    tokens,
    pullRequests,
    git,
    logger,
  });
  return { dataDir, stores, state, workspaces, publish };
}

export async function createCodexSessionFixture(): Promise<CodexSessionFixture> {
  const redis = await createTestRedis("codex-session");
  const github = await startFakeGithub();
  const api = createTestGitRepository({
    files: { "README.md": "# api\n", "src/login.ts": "export const retries = 1;\n" },
  });
  github.git.host("acme/api", { from: api.dir });
  api.cleanup();
  github.install("acme/api", INSTALLATION_ID);
  const web = createTestGitRepository({ files: { "index.html": "<h1>shop</h1>\n" } });
  const catalog = catalogSchema.parse({
    repositories: [{ repo: "acme/api" }, { repo: "acme/web", path: web.dir, defaultBranch: "main" }],
    environments: [{ id: "shop", name: "Shop", repositories: ["acme/api", "acme/web"] }],
  });
  const root = mkdtempSync(join(tmpdir(), "baton-codex-session-"));
  const argvLog = join(root, "git-argv.log");
  const git = join(root, "git-logging");
  writeFileSync(argvLog, "");
  writeFileSync(git, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec git "$@"\n`);
  chmodSync(git, 0o755);
  const base = {
    redis,
    github,
    web,
    catalog,
    tokens: [] as string[],
    gitArgv: () => readFileSync(argvLog, "utf8"),
  };
  return {
    ...base,
    worker: (name) => createWorker(base, join(root, name), git),
    async cleanup() {
      await github.close();
      await redis.cleanup();
      web.cleanup();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A turn asked in a Slack thread by Alice. */
export function slackTurn(sessionId: string, prompt: string, turnId = `t-${Math.random()}`): BackendTurn {
  const actor = { platform: "slack" as const, id: "U123", name: "Alice" };
  const request = {
    version: 1 as const,
    id: turnId,
    deliveryId: turnId,
    conversation: { platform: "slack" as const, teamId: "T1", channelId: "C1", threadTs: "1.1" },
    actor,
    text: prompt,
    attachments: [],
    hints: {},
    context: {},
    receivedAt: new Date().toISOString(),
  };
  return {
    turn: { id: turnId, conversationKey: "k", request },
    session: {
      id: sessionId,
      conversation: request.conversation,
      conversationKey: "k",
      target: { kind: "repository", repo: "acme/api" },
      backend: "codex",
      requester: actor,
      createdAt: request.receivedAt,
      updatedAt: request.receivedAt,
      turnCount: 0,
    },
    target: { kind: "repository", repo: "acme/api" },
    prompt,
    context: [],
    idempotencyKey: turnId,
  };
}
