import { isAbsolute, join, resolve } from "node:path";
import {
  type CodingHarness,
  createCodexBackend,
  createCodexHarness,
  createRedisThreadStore,
  createRepositoryStores,
  createSessionStateStore,
  createSessionWorkspaces,
  createTurnPublisher,
  diffTurn,
  type HarnessThreadStore,
  WORKSPACE_IDLE_MS,
} from "@baton/backends";
import { type AgentBackend, agentNetworkFor, BatonError, createRedactor, type Logger } from "@baton/core";
import { type Config, configuredSecrets } from "../config/load-config.js";
import type { BackendDependencies } from "./create-backend.js";
import { gitHostOption, repositoryHostOf } from "./repository-host-of.js";
import { WORKSPACES_DIR } from "./setup-openai-backend.js";

/** Inside BATON_DATA_DIR: each session's worktrees, the harness's home, its commands' temp dirs. */
export const CODEX_DIRS = { sessions: "sessions", home: "codex-home", temp: "codex-tmp" } as const;
/** How often a worker removes the workspaces of expired sessions and of workers that died. */
export const CODEX_SWEEP_INTERVAL_MS = 10 * 60_000;
/** How long one fetch or push may take. */
export const CODEX_REMOTE_TIMEOUT_MS = 5 * 60_000;
/** How long the startup check of the sandbox may take before it is reported as not answering. */
const SANDBOX_CHECK_TIMEOUT_MS = 30_000;

/** Commits' author address when neither BATON_GIT_AUTHOR_EMAIL nor a repository host names one. */
const FALLBACK_AUTHOR_EMAIL = "baton@localhost";

// Local Responses API servers accept any key; the CLI wants one all the same.
const PLACEHOLDER_API_KEY = "not-needed";

/** The harness from the configuration (also what `baton doctor` checks). */
export function codexHarnessFromConfig(
  config: Config,
  { threadStore, logger }: { threadStore: HarnessThreadStore; logger: Logger },
): CodingHarness {
  const dataDir = absoluteDataDir(config);
  return createCodexHarness({
    model: {
      baseUrl: config.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
      apiKey: config.OPENAI_API_KEY ?? PLACEHOLDER_API_KEY,
    },
    codexHome: join(dataDir, CODEX_DIRS.home),
    tempRoot: join(dataDir, CODEX_DIRS.temp),
    threadStore,
    logger,
    ...(config.PATH ? { commandPath: config.PATH } : {}),
    ...(config.CODEX_PATH ? { binary: { executable: config.CODEX_PATH, pathDirs: [] } } : {}),
  });
}

/**
 * BATON_BACKEND=codex: the Codex harness on the model server of OPENAI_API_KEY / OPENAI_BASE_URL,
 * session workspaces under BATON_DATA_DIR, pushes with the repository tokens a bot provides. The
 * sandbox is checked at startup (a machine that refuses it is logged with the fix, and turns fail
 * in words); a sweep removes the workspaces of ended sessions and dead workers while it runs.
 */
export function setupCodexBackend(deps: BackendDependencies): AgentBackend {
  const { config, catalog, redis, keys, retention, logger, tokens } = deps;
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL)
    throw new BatonError(
      "config_invalid",
      "BATON_BACKEND=codex needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server that speaks the Responses API). Set one, or unset BATON_BACKEND to use the plan backend. (`npm start` with no platform credentials runs codex in the playground on a scripted model, without either.)",
    );
  const dataDir = absoluteDataDir(config);
  const stores = createRepositoryStores({
    dir: join(dataDir, WORKSPACES_DIR),
    catalog,
    ...gitHostOption(config),
    remoteTimeoutMs: CODEX_REMOTE_TIMEOUT_MS,
    ...(tokens ? { tokens } : {}),
  });
  const state = createSessionStateStore({ redis, keys, ttlMs: retention.sessionMs, logger });
  const host = repositoryHostOf(config);
  const workspaces = createSessionWorkspaces({
    dir: join(dataDir, CODEX_DIRS.sessions),
    stores,
    catalog,
    state,
    // The sweep must never take a workspace a turn still runs in.
    idleMs: Math.max(WORKSPACE_IDLE_MS, 2 * config.BATON_TURN_TIMEOUT_MS),
    ...(tokens && host?.pullRequests ? { merged: { tokens, pullRequests: host.pullRequests } } : {}),
    logger,
  });
  const authorEmail = config.BATON_GIT_AUTHOR_EMAIL ?? host?.authorEmail ?? FALLBACK_AUTHOR_EMAIL;
  const redactor = createRedactor({ knownSecrets: deps.knownSecrets ?? configuredSecrets(config) });
  const harness = codexHarnessFromConfig(config, {
    threadStore: createRedisThreadStore({ redis, keys, retention }),
    logger,
  });
  reportSandbox(harness, logger);
  const backend = createCodexBackend({
    harness,
    workspaces,
    publish: createTurnPublisher({
      stores,
      state,
      author: { name: config.BATON_GIT_AUTHOR_NAME, email: authorEmail },
      // Pull requests need a bot's repository tokens and a host that has them: else a branch is pushed only.
      ...(tokens ? { tokens, ...(host?.pullRequests ? { pullRequests: host.pullRequests } : {}) } : {}),
      redact: (text) => redactor.redact(text).text,
      logger,
    }),
    diffTurn: (workspace, signal) => diffTurn(workspace, signal),
    keptArtifacts: async (sessionId) =>
      ((await state.load(sessionId))?.repositories ?? []).flatMap(({ repo, pullRequest }) =>
        pullRequest
          ? [{ kind: "pull_request" as const, url: pullRequest.url, title: `${repo}#${pullRequest.number}` }]
          : [],
      ),
    networkFor: (target) => agentNetworkFor(catalog, target),
    defaultModel: config.CODEX_MODEL,
    turnTimeoutMs: config.BATON_TURN_TIMEOUT_MS,
    logger,
  });
  const sweeper = startSweeping(() => workspaces.sweep(), logger);
  return { ...backend, close: async () => sweeper.stop() };
}

function absoluteDataDir(config: Config): string {
  return isAbsolute(config.BATON_DATA_DIR) ? config.BATON_DATA_DIR : resolve(config.BATON_DATA_DIR);
}

/** One line at startup: the sandbox works here (with the CLI's version), or why not and how to fix it. */
function reportSandbox(harness: CodingHarness, logger: Logger): void {
  harness
    .check(AbortSignal.timeout(SANDBOX_CHECK_TIMEOUT_MS))
    .then((check) => {
      if (check.ok) logger.info("server.codex.sandbox_ready", { version: check.version });
      else logger.error("server.codex.sandbox_unavailable", { reason: check.reason, fix: check.fix });
    })
    .catch((error: unknown) =>
      logger.error("server.codex.sandbox_unavailable", {
        reason: String(error),
        fix: "Run `npx baton doctor`.",
      }),
    );
}

/** Sweeps at once (a worker that died left workspaces behind), then every interval, one sweep at a time. */
function startSweeping(sweep: () => Promise<{ removed: string[] }>, logger: Logger): { stop(): void } {
  let sweeping = false;
  const run = () => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .then(({ removed }) => {
        if (removed.length > 0) logger.info("server.codex.workspaces_swept", { removed: removed.length });
      })
      .catch((error: unknown) => logger.warn("server.codex.sweep_failed", { error: String(error) }))
      .finally(() => {
        sweeping = false;
      });
  };
  run();
  const timer = setInterval(run, CODEX_SWEEP_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
