import { setTimeout as sleep } from "node:timers/promises";
import { createKeepAliveFetch, type Logger, type ReplyClaim, URGENT_REPLY } from "@baton/core";
import { getPrivateKey } from "@probot/get-private-key";
import Bottleneck from "bottleneck";
import { Probot, ProbotOctokit } from "probot";
import { type GithubBudgets, githubRetryAfterMs } from "../budget/github-budgets.js";
import { createWriteSpacing, type WriteSpacing } from "../budget/write-spacing.js";
import {
  GITHUB_RATE_LIMIT_MAX_WAIT_SECONDS,
  GITHUB_SECONDARY_LIMIT_RETRIES,
  type GithubRetry,
  githubRetryOf,
} from "./github-request-retries.js";
import { toProbotLogger } from "./to-probot-logger.js";

/** GitHub asks integrations to space content-creating requests at least a second apart. */
export const GITHUB_WRITE_MIN_INTERVAL_MS = 1_000;

export type InstallationOctokit = InstanceType<typeof ProbotOctokit>;

/** Where a request's reply travels among Octokit's request options, for the budget hook to read. */
const REPLY_OPTION = "batonReply";

/**
 * Octokit request options that make a request for `reply`: its budget waits count at that
 * reply's priority, and end with its signal. A request without them counts as urgent.
 */
export function requestFor(reply: ReplyClaim | undefined): { request?: { [REPLY_OPTION]: ReplyClaim } } {
  return reply ? { request: { [REPLY_OPTION]: reply } } : {};
}

export interface InstallationOctokits {
  /** The installation's Octokit (Probot's app auth: a cached installation token, renewed as it expires). */
  forInstallation(installationId: number): Promise<InstallationOctokit>;
  /**
   * The App's own Octokit (JWT auth), one for the process, for the `/app` and
   * `/repos/{owner}/{repo}/installation` routes.
   */
  forApp(): Promise<InstallationOctokit>;
  /** Probot's webhook verifier (`@octokit/webhooks`), keyed by the App's webhook secret. */
  verify(rawBody: string, signature: string): Promise<boolean>;
}

export interface GithubAppOptions {
  appId: string;
  /** PEM; `\n`-escaped or base64 forms are accepted (Probot's own key reader). */
  privateKey: string;
  webhookSecret: string;
  /** REST base URL: `https://api.github.com`, `https://HOST/api/v3` on GitHub Enterprise Server, or a fake. */
  apiUrl: string;
  logger: Logger;
  /** Tests shorten GitHub's pacing (of all writes, and of those that notify) and the unit of `retry-after`. */
  writeMinIntervalMs?: number;
  retryAfterUnitMs?: number;
  /** The installations' rate budgets, shared by every worker: each write waits for its own. */
  budgets?: GithubBudgets;
}

/**
 * The GitHub App, through Probot: its JWT app auth, installation tokens and throttled, retrying
 * Octokit. Installation clients are built in the worker, once per installation, never per webhook.
 *
 * With budgets, Octokit's throttling and retry plugins are off, and Baton paces and retries the
 * requests itself (`withBudgetAndRetries`): the budgets already space every write, and the
 * plugins cost more CPU than the request they wrap (a Bottleneck built for each request by the
 * retry plugin, three more queues passed by the throttling one; 3.6 ms of CPU against 0.8 ms for
 * one comment edit, bench/README.md). Without budgets the plugins pace and retry as before.
 */
export async function createInstallationOctokits(options: GithubAppOptions): Promise<InstallationOctokits> {
  const privateKey = getPrivateKey({ env: { PRIVATE_KEY: options.privateKey } });
  if (!privateKey) throw new Error("GITHUB_PRIVATE_KEY is not a private key");
  const log = options.logger.child({ component: "bots.github" });
  const writeMinIntervalMs = options.writeMinIntervalMs ?? GITHUB_WRITE_MIN_INTERVAL_MS;
  const retryAfterUnitMs = options.retryAfterUnitMs ?? 1_000;
  const { budgets } = options;
  // Every request of the App's clients, token requests included, goes through core's keep-alive
  // fetch rather than the global one (see createKeepAliveFetch: its cost, its capped connections).
  const fetch = createKeepAliveFetch();
  // A shortened pacing (tests) shortens the library's own pacing of notifying writes too.
  const throttle = budgets
    ? undefined
    : pluginThrottling(log, {
        writeMinIntervalMs,
        notifyingWriteMinIntervalMs: options.writeMinIntervalMs,
        retryAfterUnitMs: options.retryAfterUnitMs,
      });
  // A function, so that these settings win over Probot's (which only log secondary limits).
  // Probot hands the auth strategy a bare `request` (api.github.com): requests through the Octokit
  // get the right host from their hook, but a direct `octokit.auth({ type: "installation" })`
  // (repository tokens) would not, so the strategy's request gets the API URL too.
  const Octokit = ProbotOctokit.defaults((instance: Record<string, unknown>) => ({
    ...instance,
    ...withAuthRequest(instance.auth, instance.baseUrl, fetch),
    request: { ...(instance.request as object), fetch },
    ...(throttle
      ? { throttle: { ...(instance.throttle as object), ...throttle } }
      : { throttle: { enabled: false }, retry: { enabled: false } }),
  }));
  const probot = new Probot({
    appId: options.appId,
    privateKey: privateKey.toString(),
    secret: options.webhookSecret,
    baseUrl: options.apiUrl.replace(/\/+$/, ""),
    log: toProbotLogger(options.logger),
    Octokit,
  });
  // Waits for Probot to finish setting up (no request is made); its verifier is ready after.
  await probot.auth();
  const retrying = { log, retryAfterUnitMs };
  const built = new Map<number, Promise<InstallationOctokit>>();
  let app: Promise<InstallationOctokit> | undefined;
  return {
    forInstallation(installationId) {
      let octokit = built.get(installationId);
      if (!octokit) {
        octokit = (probot.auth(installationId) as Promise<InstallationOctokit>).then((client) =>
          budgets
            ? withBudgetAndRetries(client, retrying, {
                installationId,
                budgets,
                spacing: createWriteSpacing({ minIntervalMs: writeMinIntervalMs }),
              })
            : client,
        );
        octokit.catch(() => built.delete(installationId));
        built.set(installationId, octokit);
      }
      return octokit;
    },
    // Probot hands out one App client for the process: wrapped on each call, its requests would
    // pass a retry loop per call ever made (a repository token asks for it every time).
    forApp() {
      if (!app) {
        app = (probot.auth() as Promise<InstallationOctokit>).then((client) =>
          budgets ? withBudgetAndRetries(client, retrying) : client,
        );
        app.catch(() => {
          app = undefined;
        });
      }
      return app;
    },
    verify: (rawBody, signature) => probot.webhooks.verify(rawBody, signature),
  };
}

/** plugin-throttling's settings where it paces (no budgets): limits logged, waited out as Baton's own retries would. */
function pluginThrottling(
  log: Logger,
  pacing: {
    writeMinIntervalMs: number;
    /** The spacing of writes that notify people; the library's own 3 s when unset. */
    notifyingWriteMinIntervalMs: number | undefined;
    /** The unit of `retry-after`; the library's own (a second) when unset. */
    retryAfterUnitMs: number | undefined;
  },
) {
  const { writeMinIntervalMs, notifyingWriteMinIntervalMs, retryAfterUnitMs } = pacing;
  // The plugin's handlers: each logs the limit as Baton's own retries do, and says whether to wait it out.
  const onLimit =
    (reason: GithubRetry["reason"], mayRetry: (retryAfterSeconds: number, retryCount: number) => boolean) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      logRetry(log, reason, request, retryAfter, retryCount);
      return mayRetry(retryAfter, retryCount);
    };
  return {
    onSecondaryRateLimit: onLimit(
      "secondary_rate_limit",
      (_retryAfter, retryCount) => retryCount < GITHUB_SECONDARY_LIMIT_RETRIES,
    ),
    onRateLimit: onLimit(
      "rate_limit",
      (retryAfter, retryCount) => retryCount < 1 && retryAfter <= GITHUB_RATE_LIMIT_MAX_WAIT_SECONDS,
    ),
    ...(retryAfterUnitMs === undefined ? {} : { retryAfterBaseValue: retryAfterUnitMs }),
    write: new Bottleneck.Group({ maxConcurrent: 1, minTime: writeMinIntervalMs }),
    // A write that notifies people (a comment, a review) also waits out the library's own 3 s,
    // shared by every Octokit of the process, unless its spacing is given.
    ...(notifyingWriteMinIntervalMs === undefined
      ? {}
      : { notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: notifyingWriteMinIntervalMs }) }),
  };
}

/** The auth options with their `request` pointed at `baseUrl` through `fetch`; nothing when there is nothing to point. */
function withAuthRequest(
  auth: unknown,
  baseUrl: unknown,
  fetch: typeof globalThis.fetch,
): { auth?: Record<string, unknown> } {
  if (typeof auth !== "object" || auth === null || typeof baseUrl !== "string") return {};
  const request = (auth as { request?: { defaults?: (options: object) => unknown } }).request;
  if (typeof request?.defaults !== "function") return {};
  return { auth: { ...auth, request: request.defaults({ baseUrl, request: { fetch } }) } };
}

/**
 * Every request of the client waits for its installation's budgets first, and a write then for
 * its turn in the installation's spacing, by its reply's priority (a progress edit whose turn
 * ended meanwhile leaves the line unsent: the turn's result waits for it). A refusal with
 * `retry-after` pauses the budgets for every worker; the request is sent again as long as
 * `githubRetryOf` allows, giving up its wait if its reply's signal aborts (`requestFor`). The
 * App's own client (no installation) only retries.
 */
function withBudgetAndRetries(
  octokit: InstallationOctokit,
  { log, retryAfterUnitMs }: { log: Logger; retryAfterUnitMs: number },
  installation?: { installationId: number; budgets: GithubBudgets; spacing: WriteSpacing },
) {
  octokit.hook.wrap("request", async (request, options) => {
    const buckets =
      installation?.budgets.bucketsOf(installation.installationId, options.method, options.url) ?? [];
    const reply = (options.request?.[REPLY_OPTION] as ReplyClaim | undefined) ?? URGENT_REPLY;
    if (installation) {
      await installation.budgets.replyBudget.beforeRequest(buckets, reply);
      // Only writes draw on budgets.
      if (buckets.length > 0) await installation.spacing.turnFor(reply.claim.priority, reply.signal);
    }
    // A retry keeps what the first try waited for: a refused request created nothing, and the
    // pause holds every worker's other writes back meanwhile.
    for (let retries = 0; ; retries += 1) {
      try {
        return await request(options);
      } catch (error) {
        const retryAfterMs = githubRetryAfterMs(error);
        if (installation && retryAfterMs !== null)
          for (const bucket of buckets)
            await installation.budgets.replyBudget.refused(bucket, (retryAfterMs / 1000) * retryAfterUnitMs);
        const retry = githubRetryOf(error, retries);
        if (!retry) throw error;
        logRetry(log, retry.reason, options, retry.afterSeconds, retries);
        await sleep(retry.afterSeconds * retryAfterUnitMs, undefined, { signal: reply.signal });
      }
    }
  });
  return octokit;
}

/** One retry of a refused request, as every path that retries logs it (`bots.github.<reason>`). */
function logRetry(
  log: Logger,
  reason: GithubRetry["reason"],
  request: { method: string; url: string },
  retryAfterSeconds: number,
  retryCount: number,
): void {
  log.warn(`bots.github.${reason}`, {
    method: request.method,
    url: request.url,
    retry_after_s: retryAfterSeconds,
    retry_count: retryCount,
  });
}
