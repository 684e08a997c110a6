import type {
  AdmitTurn,
  Bot,
  BotModule,
  BotServices,
  Platform,
  Replier,
  RepositoryTokenProvider,
  RequestContextProviders,
  RoutingPlaceOf,
  SessionRequest,
  SteeringGuard,
} from "@baton/core";
import type { Config } from "../config/load-config.js";
import { missingVariablesOf } from "./catalog-discovery-on.js";

export interface StartedBots {
  bots: Bot[];
  /** The replier of each platform that is on, for the worker and the dispatcher. */
  repliers: Partial<Record<Platform, Replier>>;
  /** The steering guard of each platform that is on; a platform that is off lets everyone through. */
  steering: SteeringGuard;
  /** The context lookup of each platform that has one, for the classifier. */
  requestContext: RequestContextProviders;
  /** Each turn's platform's access policy; platforms without one admit every turn. */
  admit: AdmitTurn;
  /** Each platform's place of a request, as routing learns it (from the modules that are on). */
  routingPlace: RoutingPlaceOf;
  /** Each platform's quiet access check: may the request's person start sessions in its place? */
  mayStartSessions: (request: SessionRequest) => Promise<boolean>;
  /** Tokens for fetching repositories, from the bot that provides them for the agent backend. */
  repositoryTokens?: RepositoryTokenProvider;
}

/**
 * Sets up every bot module whose variables are set; each one that is off says so in one line
 * (`server.<platform>.disabled`, with the missing names). A bot that fails to set up (a token its
 * platform refuses) stops Baton: better than running without it unnoticed.
 */
export async function setupBots({
  modules,
  config,
  services,
}: {
  modules: readonly BotModule<Config>[];
  config: Config;
  services: BotServices;
}): Promise<StartedBots> {
  const bots: Bot[] = [];
  for (const module of modules) {
    const missing = missingVariablesOf(module, config);
    if (missing.length > 0) {
      services.logger.info(`server.${module.platform}.disabled`, { missing, hint: module.disabledHint });
      continue;
    }
    bots.push(await module.setup(config, services));
  }
  const repliers: Partial<Record<Platform, Replier>> = {};
  const guards: Partial<Record<Platform, SteeringGuard>> = {};
  const requestContext: RequestContextProviders = {};
  const admitters: Partial<Record<Platform, AdmitTurn>> = {};
  const places: Partial<Record<Platform, RoutingPlaceOf>> = {};
  const sessionChecks: Partial<Record<Platform, (request: SessionRequest) => Promise<boolean>>> = {};
  for (const module of modules) if (module.routingPlace) places[module.platform] = module.routingPlace;
  let repositoryTokens: RepositoryTokenProvider | undefined;
  for (const bot of bots) {
    repliers[bot.platform] = bot.replier;
    guards[bot.platform] = bot.steering;
    if (bot.requestContext) requestContext[bot.platform] = bot.requestContext;
    if (bot.admit) admitters[bot.platform] = bot.admit;
    if (bot.mayStartSessions) sessionChecks[bot.platform] = bot.mayStartSessions.bind(bot);
    // One platform provides them today; were a second to, the first one listed would win.
    repositoryTokens ??= bot.repositoryTokens;
  }
  return {
    bots,
    repliers,
    requestContext,
    ...(repositoryTokens ? { repositoryTokens } : {}),
    // The guard of the platform where the person asks: a session continued from another platform
    // (a pull request that a session begun elsewhere made) is steered by that platform's rules,
    // which admitted them.
    steering: (session, actor, request) =>
      guards[actor.platform]?.(session, actor, request) ?? { allowed: true },
    routingPlace: (request) => places[request.conversation.platform]?.(request),
    mayStartSessions: (request) =>
      sessionChecks[request.conversation.platform]?.(request) ?? Promise.resolve(true),
    admit: (turn) =>
      admitters[turn.request.conversation.platform]?.(turn) ?? Promise.resolve({ kind: "admitted", turn }),
  };
}
