import type { Redis } from "ioredis";
import type { z } from "zod";
import type { ReplyBudget } from "../budget/reply-budget.js";
import type { CatalogSource } from "../catalog-source/catalog-source.js";
import type { RequestContextProvider } from "../classifier/request-context-provider.js";
import type { Beat } from "../clock/create-beat.js";
import type { Catalog } from "../config/catalog.js";
import type { QueueKeyResolver } from "../controls/create-queue-key-resolver.js";
import type { ClaimDelivery } from "../delivery/claim-delivery.js";
import type { RoutingPlace } from "../learning/routing-place.js";
import type { TrailingReplies } from "../replies/trailing-replies.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { ShareService } from "../sharing/share-service.js";
import type { ConversationContextStore } from "../store/conversation-context-store.js";
import type { ConversationOwnerStore } from "../store/conversation-owner-store.js";
import type { LearnedRoutingStore } from "../store/learned-routing-store.js";
import type { RedisKeys } from "../store/redis-keys.js";
import type { ReplyLedger } from "../store/reply-ledger.js";
import type { SessionStore } from "../store/session-store.js";
import type { QueuedRequesters, StopConversation } from "./conversation-queue.js";
import type { HttpRoute } from "./http-route.js";
import type { Logger } from "./logger.js";
import type { PlatformOperations } from "./platform-operations.js";
import type { AnyPlatformPolicy } from "./platform-policy.js";
import type { Replier } from "./replier.js";
import type { RepositoryTokenProvider } from "./repository-tokens.js";
import type { RequestIntake } from "./request-intake.js";
import type { SteeringGuard } from "./steering-guard.js";
import type { AdmitTurn } from "./turn-admission.js";

/**
 * One platform, running: what the server wires into the gateway and the worker. The server never
 * looks inside; it serves `routes`, hands the worker `replier` and `steering` for this platform's
 * turns, calls `start` once the gateway listens and `close` first on shutdown.
 */
export interface Bot {
  platform: Platform;
  /** Webhook endpoints (e.g. `POST /<platform>/webhooks`); served only by a process that runs the gateway. */
  routes: HttpRoute[];
  /**
   * How the worker answers this platform's turns: the bot's own `Replier<P>`, typed by its
   * platform, seated with `replierFor(platform, replier)` (the server adds the ledger's steps).
   */
  replier: Replier;
  /** Who may add turns to this platform's sessions (usually `SteeringRule.guard`). */
  steering: SteeringGuard;
  /**
   * Where a request was written (channel name and topic, the thread, a PR's title), looked up in
   * the worker before a conversation's first turn is classified; optional.
   */
  requestContext?: RequestContextProvider;
  /**
   * The access policy checks that need the platform's API (a repository permission, a repository's
   * settings): the worker asks it before anything else of each of this platform's turns.
   */
  admit?: AdmitTurn;
  /**
   * Tokens that may read this platform's repositories (a code host's installation tokens): an agent
   * backend that fetches code (the openai backend's workspaces) uses them for private repositories,
   * which the bot's platform credentials already reach; optional.
   */
  repositoryTokens?: RepositoryTokenProvider;
  /**
   * The platform's access policy asked quietly about a request that reached the worker: may its
   * person start sessions in its place? Routing learns only from those who may; optional (then
   * everyone the door admitted counts).
   */
  mayStartSessions?(request: SessionRequest): Promise<boolean>;
  /**
   * Opens background connections (a chat platform's socket connection). Called only where the gateway runs. It must
   * not wait for the platform: connect in the background, retry, and log failures.
   */
  start?(): void;
  /** Closes what `start` opened (called before the gateway and the worker stop). */
  close?(): Promise<void>;
}

/**
 * What every bot may use, built once by the server. A bot hands requests to `intake` and asks for
 * stops through `stopConversation`; it never reaches the queue otherwise. Build the conversation
 * controls with `createConversationControls({ ...services, steering: yourSteeringRule })`.
 */
export interface BotServices {
  catalog: Catalog;
  /** What the platforms discovered (the catalog's other part, in Redis), for a picker's choices. */
  catalogSource?: CatalogSource;
  intake: RequestIntake;
  stopConversation: StopConversation;
  queuedRequesters: QueuedRequesters;
  sessions: SessionStore;
  conversationContext: ConversationContextStore;
  /** Who owns a conversation Baton asked about, until its session opens (the controls read it). */
  conversationOwners: ConversationOwnerStore;
  shares: Pick<ShareService, "shareSession" | "unshareSession">;
  /** What routing learned of each place: a bot's "always use it here?" answer is stored there. */
  learnedRouting?: LearnedRoutingStore;
  ledger: ReplyLedger;
  logger: Logger;
  /** The main Redis connection (fails fast while Redis is away), for a bot's own caches. */
  redis: Redis;
  /** Key names under Baton's prefix; a bot's own keys go under `keys.scoped("<platform>", …)`. */
  keys: RedisKeys;
  /**
   * Claims a delivery once, globally, before its first side effect (control words, context,
   * anything that posts before intake): a replayed delivery does nothing twice.
   */
  claimDelivery: ClaimDelivery;
  /**
   * Which queue a conversation's requests join (a pull request a session made joins that
   * session's), read on the webhooks' own Redis connection; a resolver over `sessions` when absent.
   */
  queueKeyOf?: QueueKeyResolver;
  /**
   * The platforms' rate limits as budgets shared by every worker: the bot draws on it for each
   * request it makes and gates its progress edits with it. Absent: no budget (each request goes
   * out as soon as it is made).
   */
  replyBudget?: ReplyBudget;
  /**
   * How often a turn's progress may be shown (an edit of its message, Slack's status line; tests
   * shorten it); the bot's default otherwise.
   */
  progressMinIntervalMs?: number;
  /**
   * The process's shared clock: a bot's progress that waits out its interval waits on its ticks,
   * so that the updates of every turn due together go out together. Own timers when absent.
   */
  beat?: Beat;
  /**
   * Where a turn's last reply leaves what a person does not wait on (a reaction, the working
   * message closed), so that it holds no worker slot while it waits for its budget; the worker
   * drains it at shutdown. Done inside the reply when absent.
   */
  trailingReplies?: TrailingReplies;
  /** Baton's public base URL (`BATON_PUBLIC_URL`), for links and OAuth redirects. */
  publicUrl: string;
  /** The key this Baton seals its own secrets with (share ids, stored tokens): the same in every process. */
  loadSealingKey(): Promise<Uint8Array>;
}

/**
 * A platform as the server lists it (one line in `server/src/bots/bot-modules.ts`): everything
 * about the platform the host needs, so that the host names none. The server adds `environment`
 * to the variables it reads (so `TConfig` carries them, parsed), never logs `secrets` and redacts
 * them from everything shared, and turns the platform on when `missingVariables` finds nothing;
 * otherwise it logs one line, `server.<platform>.disabled`, with the missing names and
 * `disabledHint`. Its doctor check, CLI command and playground pane: see `PlatformOperations`.
 *
 * @example
 * // A platform "chat" whose app has an id, a key and a webhook secret:
 * export const chatBotModule: BotModule<ChatEnv> = {
 *   platform: "chat",
 *   environment: chatEnvironment,
 *   secrets: ["CHAT_PRIVATE_KEY", "CHAT_WEBHOOK_SECRET"],
 *   variables: ["CHAT_APP_ID", "CHAT_PRIVATE_KEY", "CHAT_WEBHOOK_SECRET"],
 *   disabledHint: "Chat is off. Set CHAT_APP_ID, CHAT_PRIVATE_KEY and CHAT_WEBHOOK_SECRET to turn it on.",
 *   setup: async (config, services) => createChatBot({ ...services, appId: config.CHAT_APP_ID! }),
 * };
 */
export interface BotModule<TConfig> extends PlatformOperations<TConfig> {
  platform: Platform;
  /** The platform's slice of the environment schema: its variables, each optional (off when unset). */
  environment: z.ZodRawShape;
  /** Which of those variables hold secrets. */
  secrets: readonly string[];
  /** The environment variables that turn the bot on. */
  variables: readonly string[];
  /** Which of them are missing; by default those of `variables` that are unset or empty. */
  missingVariables?(config: TConfig): string[];
  /** The hint logged with the missing names: what to set, where the docs are. */
  disabledHint: string;
  /**
   * Where a request was made, as routing learns it (a channel, a team or project) and where its
   * mapping is written in the catalog; optional (the platform's corrections teach nothing).
   */
  routingPlace?(request: SessionRequest): RoutingPlace | undefined;
  /**
   * When on, the bot lists repositories into the catalog source (the discovered catalog): a rule or
   * mapping in the file may then name an `owner/name` only the platform lists.
   */
  discoversCatalog?: boolean;
  /** What core asks this platform (linked pull requests, the targets a place allows, …); the same whether the bot is on or off. */
  policy?: AnyPlatformPolicy;
  /** Builds the bot once its variables are set; throws a `BatonError` ("config_invalid") on bad setup. */
  setup(config: TConfig, services: BotServices): Promise<Bot>;
}
