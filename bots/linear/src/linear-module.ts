import {
  BatonError,
  type BotModule,
  type BotServices,
  type EnvironmentOf,
  environmentFields,
  type Logger,
} from "@baton/core";
import type { LinearCredentialsCheck } from "./check-linear-credentials.js";
import { linearClassifySample } from "./cli/linear-classify-sample.js";
import { linearCommand } from "./cli/linear-command.js";
import type { LinearBotOptions } from "./create-linear-bot.js";
import { linearDoctorCheck } from "./doctor/linear-doctor-check.js";
import { linearCatalogOf } from "./policy/linear-catalog.js";
import { linearPolicy } from "./policy/linear-policy.js";
import { linearRoutingPlace } from "./routing/linear-routing-place.js";

/** Linear's slice of the environment: the webhook secret, an API key or the OAuth app, and options. */
export const linearEnvironment = {
  LINEAR_WEBHOOK_SECRET: environmentFields.optionalSecret(),
  LINEAR_API_KEY: environmentFields.optionalSecret(),
  LINEAR_CLIENT_ID: environmentFields.optionalSecret(),
  LINEAR_CLIENT_SECRET: environmentFields.optionalSecret(),
  LINEAR_API_URL: environmentFields.optionalUrl(),
  /** Post the agent's tool steps to Linear as `action` activities. */
  LINEAR_PROGRESS: environmentFields.onOff().default(true),
  /** Move a Linear issue to its team's first started state and delegate it to Baton. */
  LINEAR_START_ISSUES: environmentFields.onOff().default(true),
};
export type LinearEnv = EnvironmentOf<typeof linearEnvironment>;

const LINEAR_OAUTH_VARIABLES = ["LINEAR_CLIENT_ID", "LINEAR_CLIENT_SECRET"] as const;
/**
 * How often the API key's startup check is tried while Linear cannot be reached (a 5xx, the
 * network, a rate limit that outlasts its own backoff), waiting 1 s, 2 s, 4 s, 8 s between: a
 * fleet restarting together, or Linear deploying, must not keep Baton down.
 */
export const LINEAR_STARTUP_ATTEMPTS = 5;
const LINEAR_STARTUP_FIRST_WAIT_MS = 1_000;
/** Rate limits within one attempt are waited out (Retry-After, else backoff) this many times. */
const LINEAR_STARTUP_RATE_LIMIT_RETRIES = 3;

/**
 * Linear, turned on by its webhook secret and either a single `LINEAR_API_KEY` (one workspace) or
 * the OAuth app (`LINEAR_CLIENT_ID`/`LINEAR_CLIENT_SECRET`, one token per installed workspace). An
 * API key is checked once at startup (a `viewer` query), which also names the one workspace served.
 */
export const linearBotModule: BotModule<LinearEnv> = {
  platform: "linear",
  policy: linearPolicy,
  title: "Linear",
  guide: { path: "docs/linear.md", about: "setting up Linear" },
  environment: linearEnvironment,
  secrets: ["LINEAR_WEBHOOK_SECRET", "LINEAR_API_KEY", "LINEAR_CLIENT_SECRET"],
  variables: ["LINEAR_WEBHOOK_SECRET", "LINEAR_API_KEY", ...LINEAR_OAUTH_VARIABLES],
  missingVariables(config) {
    const missing: string[] = config.LINEAR_WEBHOOK_SECRET ? [] : ["LINEAR_WEBHOOK_SECRET"];
    const oauthMissing = LINEAR_OAUTH_VARIABLES.filter((name) => !config[name]);
    if (!config.LINEAR_API_KEY && oauthMissing.length > 0)
      missing.push(`LINEAR_API_KEY or ${oauthMissing.join(" and ")}`);
    return missing;
  },
  routingPlace: linearRoutingPlace,
  disabledHint: "Linear is off. Set the missing variables to turn it on (see docs/linear.md).",
  doctor: linearDoctorCheck,
  catalogCounts: (catalog) => [
    {
      count:
        Object.keys(linearCatalogOf(catalog).teams).length +
        Object.keys(linearCatalogOf(catalog).projects).length,
      one: "Linear mapping",
      many: "Linear mappings",
    },
  ],
  // Loaded only when the playground runs: the pane brings testkit's fake Linear.
  playground: async () => (await import("./playground/linear-pane.js")).linearPane,
  command: linearCommand,
  classifySample: linearClassifySample,
  async setup(config, services) {
    const apiUrl = config.LINEAR_API_URL;
    // Loaded only when Linear is on: the SDK is large, and a Baton without Linear starts faster.
    const { createLinearBot } = await import("./create-linear-bot.js");
    return createLinearBot({
      ...services,
      webhookSecret: config.LINEAR_WEBHOOK_SECRET!,
      apiUrl,
      auth: await linearAuth(config, services),
      progress: config.LINEAR_PROGRESS,
      startIssues: config.LINEAR_START_ISSUES,
    });
  },
};

async function linearAuth(config: LinearEnv, services: BotServices): Promise<LinearBotOptions["auth"]> {
  const linear = await import("./index.js");
  // The OAuth app wins when both are set: it is the setup that scales to several workspaces.
  if (config.LINEAR_CLIENT_ID && config.LINEAR_CLIENT_SECRET) {
    const key = await services.loadSealingKey();
    services.logger.info("server.linear.enabled", { auth: "oauth" });
    return {
      kind: "oauth",
      clientId: config.LINEAR_CLIENT_ID,
      clientSecret: config.LINEAR_CLIENT_SECRET,
      redirectUri: `${services.publicUrl.replace(/\/+$/, "")}${linear.LINEAR_OAUTH_CALLBACK_PATH}`,
      oauth: linear.createLinearOAuthClient({
        clientId: config.LINEAR_CLIENT_ID,
        clientSecret: config.LINEAR_CLIENT_SECRET,
        tokenUrl: linear.linearTokenUrl(config.LINEAR_API_URL),
      }),
      tokens: linear.createLinearTokenStore({ redis: services.redis, keys: services.keys, key }),
    };
  }
  const apiKey = config.LINEAR_API_KEY!;
  const check = await untilReachable(
    () =>
      linear.checkLinearCredentials({
        apiKey,
        apiUrl: config.LINEAR_API_URL,
        backoff: { retries: LINEAR_STARTUP_RATE_LIMIT_RETRIES },
      }),
    services.logger,
  );
  if (check.kind === "unreachable")
    throw new BatonError(
      "platform_failed",
      `${check.message} (${LINEAR_STARTUP_ATTEMPTS} tries). Baton asks Linear once at startup which workspace LINEAR_API_KEY belongs to: check LINEAR_API_URL and the network, then start Baton again.`,
    );
  if (check.kind === "unexpected_answer")
    throw new BatonError(
      "platform_failed",
      `${check.message}. Baton asks Linear once at startup which workspace LINEAR_API_KEY belongs to: check that LINEAR_API_URL is Linear's GraphQL endpoint (unset it for Linear's own API) and what any proxy on the way answers, then start Baton again.`,
    );
  if (check.kind !== "ok")
    throw new BatonError(
      "config_invalid",
      `${check.message}. Create a new key in Linear (Settings → Security & access → Personal API keys) and set LINEAR_API_KEY, or set up the OAuth app (docs/linear.md).`,
    );
  services.logger.info("server.linear.enabled", { auth: "api_key", organization_id: check.organization.id });
  return { kind: "api_key", apiKey, organizationId: check.organization.id };
}

/** Runs a credentials check again while Linear cannot be reached; a refusal (or an answer) is final. */
async function untilReachable(
  check: () => Promise<LinearCredentialsCheck>,
  logger: Logger,
): Promise<LinearCredentialsCheck> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await check();
    if (result.kind !== "unreachable" || attempt >= LINEAR_STARTUP_ATTEMPTS) return result;
    const waitMs = LINEAR_STARTUP_FIRST_WAIT_MS * 2 ** (attempt - 1);
    logger.warn("server.linear.unreachable", { attempt, retry_in_ms: waitMs, error: result.message });
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
