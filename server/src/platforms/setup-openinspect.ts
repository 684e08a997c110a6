import {
  createOpenInspectBackend,
  createOpenInspectClient,
  createRedisRemoteSessionStore,
  OPENINSPECT_SECRET_VARIABLES,
  OPENINSPECT_SERVICE_FOR_PLATFORM,
  type OpenInspectClient,
  type OpenInspectSecrets,
} from "@baton/backends";
import {
  type AgentBackend,
  BatonError,
  type BotModule,
  type Catalog,
  type Logger,
  type RedisKeys,
  type Retention,
} from "@baton/core";
import type { Redis } from "ioredis";
import { BOT_MODULES } from "../bots/bot-modules.js";
import { type Config, openInspectSecretVariables } from "../config/load-config.js";

/** The Open-Inspect secrets the configuration holds, by platform, for the listed `modules`. */
export function openInspectSecrets(
  config: Config,
  modules: readonly Pick<BotModule<unknown>, "platform">[] = BOT_MODULES,
): OpenInspectSecrets {
  const secrets: OpenInspectSecrets = {};
  for (const { platform } of modules) {
    const secret = config[OPENINSPECT_SECRET_VARIABLES[platform]];
    if (secret) secrets[platform] = secret;
  }
  return secrets;
}

/**
 * The control-plane client from the configuration, or a setup error that names the missing
 * variable: OPENINSPECT_URL, and at least one of the per-platform secrets.
 */
export function createOpenInspectClientFromConfig(config: Config, purpose: string): OpenInspectClient {
  if (!config.OPENINSPECT_URL) {
    throw new BatonError(
      "config_invalid",
      `${purpose} needs OPENINSPECT_URL: set it to the base URL of your Open-Inspect control plane (e.g. https://control-plane.example.com).`,
    );
  }
  const secrets = openInspectSecrets(config);
  if (Object.keys(secrets).length === 0) {
    const platforms = [...new Set(BOT_MODULES.map((module) => module.platform))];
    const names = openInspectSecretVariables().join(", ");
    const identities = platforms.map((platform) => OPENINSPECT_SERVICE_FOR_PLATFORM[platform]).join(", ");
    throw new BatonError(
      "config_invalid",
      `${purpose} needs at least one of ${names}: each is the control plane's shared secret of the service identity (${identities}) Baton signs as for that platform's people.`,
    );
  }
  return createOpenInspectClient({ baseUrl: config.OPENINSPECT_URL, secrets });
}

/** BATON_BACKEND=openinspect: prompts go to an existing Open-Inspect, remembered in Redis under Baton's prefix. */
export function setupOpenInspectBackend({
  config,
  catalog,
  redis,
  keys,
  retention,
  logger,
}: {
  config: Config;
  catalog: Catalog;
  redis: Redis;
  keys: RedisKeys;
  retention: Retention;
  logger: Logger;
}): AgentBackend {
  const client = createOpenInspectClientFromConfig(config, "BATON_BACKEND=openinspect");
  const platforms = Object.keys(openInspectSecrets(config));
  logger.info("server.openinspect.configured", { url: client.baseUrl, platforms });
  const branches = new Map(catalog.repositories.map((entry) => [entry.repo, entry.defaultBranch]));
  return createOpenInspectBackend({
    client,
    store: createRedisRemoteSessionStore({ redis, keys, retention }),
    logger,
    webUrl: config.OPENINSPECT_WEB_URL,
    environmentRepositories: (id) =>
      catalog.environments
        .find((environment) => environment.id === id)
        ?.repositories.map((repo) => ({ repo, branch: branches.get(repo) })),
  });
}
