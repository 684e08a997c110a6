import {
  type AdmitTurn,
  admissionFor,
  type Bot,
  type BotServices,
  createConversationControls,
  createDiscoveredCatalogStore,
  createPlatformPolicies,
  createQueueKeyResolver,
  createSteeringRule,
  type RepositoryTokenProvider,
  replierFor,
} from "@baton/core";
import { createDiscoveredNameResolver } from "./access/create-discovered-name-resolver.js";
import { createGithubAdmission } from "./access/create-github-admission.js";
import { createPermissionCheck } from "./access/create-permission-check.js";
import { createGithubBudgets } from "./budget/github-budgets.js";
import { createGithubCatalogDiscovery } from "./catalog/create-github-catalog-discovery.js";
import { createGithubControls } from "./inbound/create-github-controls.js";
import { createGithubWebhookRoute } from "./inbound/create-github-webhook-route.js";
import { createGithubMappingOfferAnswerer } from "./learning/answer-github-mapping-offer.js";
import { createInstallationOctokits, type GithubAppOptions } from "./octokit/create-installation-octokits.js";
import { createRepositoryTokens } from "./octokit/create-repository-tokens.js";
import { githubAccessOf, githubCatalogOf } from "./policy/github-catalog.js";
import { githubPolicy } from "./policy/github-policy.js";
import { createGithubReplier } from "./replier/create-github-replier.js";
import { createGithubSettingsReader } from "./settings/create-github-settings-reader.js";

/** GitHub's public REST API; GitHub Enterprise Server answers at `https://HOST/api/v3`. */
export const GITHUB_DEFAULT_API_URL = "https://api.github.com";

export interface GithubBotOptions extends BotServices, Omit<GithubAppOptions, "logger" | "apiUrl"> {
  apiUrl?: string;
  /** How often the App's repositories are listed again (besides the installation webhooks). */
  catalogRefreshMs?: number;
}

/** The GitHub bot as the server runs it: its webhook route, replier and access policy. */
export interface GithubBot extends Bot {
  admit: AdmitTurn;
  repositoryTokens: RepositoryTokenProvider;
}

/**
 * The GitHub side of Baton: a Probot app (app auth, installation Octokit, config loading) behind
 * a thin webhook path. Who may use it is decided per repository: people who can write to it (or
 * the catalog's allowlist); every writer of a repository may steer its sessions.
 */
export async function createGithubBot(options: GithubBotOptions): Promise<GithubBot> {
  const { catalog, logger, ledger, redis, keys } = options;
  const budgets = options.replyBudget ? createGithubBudgets(options.replyBudget) : undefined;
  const octokits = await createInstallationOctokits({
    appId: options.appId,
    privateKey: options.privateKey,
    webhookSecret: options.webhookSecret,
    apiUrl: options.apiUrl ?? GITHUB_DEFAULT_API_URL,
    logger,
    // With a shared budget, it paces writes for every worker (results first); a process's own
    // one-a-second queue on top would put a result behind the progress edits queued before it.
    writeMinIntervalMs: options.writeMinIntervalMs ?? (budgets ? 0 : undefined),
    retryAfterUnitMs: options.retryAfterUnitMs,
    budgets,
  });
  const permissions = createPermissionCheck({
    octokits,
    allowlist: githubCatalogOf(catalog).allowlist,
    minimumPermission: githubAccessOf(catalog).minimumPermission,
    logger,
  });
  // Write access is checked before anything runs, so every writer may steer: the repository is the place.
  const steering = createSteeringRule({
    platform: "github",
    placeOf: (conversation) =>
      conversation.platform === "github" ? `${conversation.owner}/${conversation.repo}` : "",
    policyOf: () => "channel",
    refusal: () => "Only people with write access to this repository may steer this session.",
  });
  const queueKeyOf =
    options.queueKeyOf ?? createQueueKeyResolver(options.sessions, createPlatformPolicies([githubPolicy]));
  const controls = createConversationControls({ ...options, steering, queueKeyOf });
  // The repositories the App is installed on become the catalog's discovered part (read by every
  // worker through the same store), listed where the gateway runs.
  const discovery = createGithubCatalogDiscovery({
    octokits,
    store: createDiscoveredCatalogStore({ redis, keys, logger }),
    redis,
    leaseKey: keys.scoped("github", "catalog-refresh-lease"),
    logger,
    intervalMs: options.catalogRefreshMs,
  });
  const webhooks = createGithubWebhookRoute({
    verify: octokits.verify,
    mention: githubCatalogOf(catalog).mention,
    catalog,
    intake: options.intake,
    queueKeyOf,
    runControl: createGithubControls({ controls, permissions, octokits, logger }),
    // Drained at shutdown with the turns' trailing replies, before Redis closes under them.
    ...(options.trailingReplies && {
      afterAnswer: options.trailingReplies.defer.bind(options.trailingReplies),
    }),
    ...(options.learnedRouting && {
      answerMappingOffer: createGithubMappingOfferAnswerer({
        ...options,
        store: options.learnedRouting,
        permissions,
        octokits,
      }),
    }),
    onInstallationChange: discovery.applyChange,
    logger,
  });
  return {
    platform: "github",
    routes: [webhooks],
    replier: replierFor(
      "github",
      createGithubReplier({
        octokits,
        ledger,
        redis,
        keys,
        logger,
        progressMinIntervalMs: options.progressMinIntervalMs,
        budgets,
        beat: options.beat,
        mention: githubCatalogOf(catalog).mention,
      }),
    ),
    steering: steering.guard,
    admit: admissionFor(
      "github",
      createGithubAdmission({
        settings: createGithubSettingsReader({ octokits, catalog, logger }),
        permissions,
        catalog,
        resolveNamed: createDiscoveredNameResolver(catalog, options.catalogSource),
        // As the worker will find it: the conversation's session, else the one that opened its pull request.
        async continuedTarget(turn) {
          const pullRequest = githubPolicy.pullRequestOf?.(turn.request.conversation) ?? null;
          const session =
            (await options.sessions.findByConversation(turn.conversationKey)) ??
            (pullRequest ? await options.sessions.findByPullRequest(pullRequest) : null);
          return session?.target;
        },
      }),
    ),
    // Routing learns only from people who could have opened the session there: the repository's writers.
    async mayStartSessions({ conversation, actor }) {
      if (conversation.platform !== "github") return false;
      const repo = `${conversation.owner}/${conversation.repo}`;
      const answer = await permissions.canWrite({
        installationId: conversation.installationId,
        repo,
        login: actor.id,
      });
      return answer.canWrite;
    },
    repositoryTokens: createRepositoryTokens({ octokits, logger }),
    start: discovery.start,
    close: discovery.close,
  };
}
