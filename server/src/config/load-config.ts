import { OPENINSPECT_SECRET_VARIABLES } from "@baton/backends";
import {
  BatonError,
  type BotModule,
  DEFAULT_RETENTION_MS,
  environmentFields,
  errorMessage,
  parseRateLimits,
  splitShareKeys,
} from "@baton/core";
import { CONVERSATION_LOCK_MS, TURN_TIMEOUT_MS, WORKER_CONCURRENCY } from "@baton/queue";
import { z } from "zod";
import { BOT_ENVIRONMENT, BOT_MODULES } from "../bots/bot-modules.js";
import { LOG_FORMATS } from "../logging/log-format.js";
import { parseRetention, retentionProblem } from "./parse-retention.js";

const optionalSecret = environmentFields.optionalSecret();
const optionalUrl = environmentFields.optionalUrl();
const optionalCount = z.coerce.number().int().min(0).optional();
const optionalRate = z.coerce.number().positive().optional();
/** A duration such as `90d`, `12h` or `120s`, as milliseconds (see parseRetention). */
const retentionMs = z.string().transform((text, context) => {
  const ms = parseRetention(text);
  if (ms === null) {
    context.addIssue({
      code: "custom",
      message: "BATON_RETENTION takes a duration such as 90d, 36h or 120s.",
    });
    return z.NEVER;
  }
  return ms;
});

/** Everything Baton reads from the environment. Secrets stay optional: a platform without them is off. */
export const configSchema = z.object({
  REDIS_URL: z.string().url().optional(),
  /** A Redis Cluster's seed nodes, `host:port,…` (or redis:// URLs); replaces REDIS_URL (docs/operations.md). */
  REDIS_CLUSTER_NODES: z.string().min(1).optional(),
  BATON_REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/)
    .default("baton"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BATON_PUBLIC_URL: environmentFields.httpUrl().default("http://localhost:3000"),
  BATON_CONFIG: z.string().default("baton.config.yaml"),
  BATON_BACKEND: z.enum(["plan", "openai", "codex", "openinspect"]).default("plan"),
  BATON_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(WORKER_CONCURRENCY),
  BATON_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /** A turn not ended this long after it first started is ended as timed out (docs/faults.md). */
  BATON_TURN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(TURN_TIMEOUT_MS),
  /** How long a dead worker's turns and conversations stay locked before another worker takes them over. */
  BATON_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).default(CONVERSATION_LOCK_MS),
  BATON_DATA_DIR: z.string().default(".baton"),
  /**
   * How long Baton keeps a conversation's data after its last turn (docs/configuration.md#retention):
   * sessions and transcripts this long, every other record no longer. Milliseconds once parsed.
   */
  BATON_RETENTION: retentionMs.default(DEFAULT_RETENTION_MS),
  /** `1` lets BATON_RETENTION go below its one-day minimum: for tests and benchmarks only. */
  BATON_ALLOW_SHORT_RETENTION: z.enum(["0", "1"]).default("0"),
  /**
   * `on`: every worker spends the platforms' rate limits from one budget in Redis, results first
   * (docs/operations.md#rate-limits); `off`: each request goes out as soon as it is made.
   */
  BATON_RATE_BUDGET: z.enum(["on", "off"]).default("on"),
  /** Limits that differ from the platforms' published ones: `name=limit/period[:burst][:final=N%]`, comma-separated. */
  BATON_RATE_LIMITS: z
    .string()
    .optional()
    .superRefine((text, context) => {
      try {
        parseRateLimits(text);
      } catch (error) {
        context.addIssue({ code: "custom", message: errorMessage(error) });
      }
    }),
  /** `baton worker` serves its /metrics on this port (of HOST); a worker serves no HTTP otherwise. */
  BATON_WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  /** Unset: pretty lines at a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
  /** Each platform's own variables (its module's `environment`). */
  ...BOT_ENVIRONMENT,
  OPENAI_API_KEY: optionalSecret,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().min(1).default("gpt-4.1-mini"),
  /** BATON_BACKEND=codex: the model a turn runs on when neither the person nor the catalog chose one. */
  CODEX_MODEL: z.string().min(1).default("gpt-5-codex"),
  /** The worker's own PATH: the coding agent's commands get it (it holds no secret); a standard one when unset. */
  PATH: z.string().min(1).optional(),
  /** The `codex` CLI to run; the one pinned in @openai/codex by default. */
  CODEX_PATH: z.string().min(1).optional(),
  /**
   * Who Baton's commits are by (a platform app's bot, say); the person who asked is a trailer.
   * The email defaults to the repository host's own (`repositoryHost`'s `authorEmail`).
   */
  BATON_GIT_AUTHOR_NAME: z.string().min(1).default("Baton"),
  BATON_GIT_AUTHOR_EMAIL: z.string().email().optional(),
  OPENINSPECT_URL: optionalUrl,
  /** Open-Inspect's web app, where a session's screenshots and videos can be opened. */
  OPENINSPECT_WEB_URL: optionalUrl,
  /** Turns on the queue dashboard at /admin/queues, and is required there (docs/operations.md). */
  BATON_ADMIN_TOKEN: z.string().min(16).optional(),
  /** /metrics needs `Authorization: Bearer <token>` when set (docs/security.md). */
  BATON_METRICS_TOKEN: z.string().min(16).optional(),
  /** Serves /metrics on this port (of BATON_METRICS_HOST) instead of the public one. */
  BATON_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  BATON_METRICS_HOST: z.string().default("127.0.0.1"),
  /** Intake limits (docs/security.md); unset means Baton's defaults, 0 turns a cap or bucket off. */
  BATON_MAX_QUEUED_PER_CONVERSATION: optionalCount,
  BATON_USER_TURNS_PER_MINUTE: optionalRate,
  BATON_USER_TURN_BURST: optionalCount,
  BATON_WORKSPACE_TURNS_PER_MINUTE: optionalRate,
  BATON_WORKSPACE_TURN_BURST: optionalCount,
  /** Seals share ids so that later results repeat a session's link; else a key file in BATON_DATA_DIR. */
  BATON_SHARE_KEY: optionalSecret,
  /** Share key rotation: `id:secret,…`, the key for new links first (docs/security.md). */
  BATON_SHARE_KEYS: optionalSecret,
  /** Share pages (docs/configuration.md): render threads, renders that may wait, a render's time limit, the cache. */
  BATON_SHARE_RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  BATON_SHARE_RENDER_QUEUE: optionalCount,
  BATON_SHARE_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  BATON_SHARE_CACHE_MB: z.coerce.number().int().min(0).optional(),
  BATON_SHARE_RENDER_NICENESS: z.coerce.number().int().min(0).max(19).optional(),
  /** `1` runs the playground even with platform credentials set; `0` never runs it (docs/playground.md). */
  BATON_PLAYGROUND: z.enum(["0", "1"]).optional(),
  /** `1` lets clients other than this machine use the playground. */
  BATON_PLAYGROUND_PUBLIC: z.enum(["0", "1"]).optional(),
});

/**
 * The schema with the modules' slices (a platform a test or an embedder brings reads its own
 * variables too) and the checks that span variables (BATON_RETENTION's minimum and its escape).
 */
function checkedConfigSchema(modules: readonly ListedModule[]) {
  const slices = modules.map((module) => module.environment);
  return configSchema
    .extend(Object.assign({}, ...slices, openInspectSecretsEnvironment(modules)))
    .superRefine((parsed, context) => {
      const config = parsed as Pick<Config, "BATON_RETENTION" | "BATON_ALLOW_SHORT_RETENTION">;
      const problem = retentionProblem(config.BATON_RETENTION, config.BATON_ALLOW_SHORT_RETENTION === "1");
      if (problem) context.addIssue({ code: "custom", path: ["BATON_RETENTION"], message: problem });
    });
}
/** A module as `loadConfig` reads it: its slice of the schema, and its platform (for the variables named after it). */
type ListedModule = Pick<BotModule<unknown>, "environment" | "platform">;

/**
 * One secret per Open-Inspect service identity Baton signs as, for each listed platform's people
 * (`OPENINSPECT_<PLATFORM>_SECRET`, named by the openinspect backend).
 */
function openInspectSecretsEnvironment(modules: readonly ListedModule[]): z.ZodRawShape {
  return Object.fromEntries(
    modules.map((module) => [OPENINSPECT_SECRET_VARIABLES[module.platform], optionalSecret]),
  );
}

/** The names of the Open-Inspect secrets of the listed platforms, in the modules' order, once each. */
export function openInspectSecretVariables(
  modules: readonly Pick<BotModule<unknown>, "platform">[] = BOT_MODULES,
) {
  return [...new Set(modules.map((module) => OPENINSPECT_SECRET_VARIABLES[module.platform]))];
}

export type Config = z.infer<typeof configSchema> &
  Partial<Record<(typeof OPENINSPECT_SECRET_VARIABLES)[keyof typeof OPENINSPECT_SECRET_VARIABLES], string>>;

/** Where the share link key lives when BATON_SHARE_KEY is not set (inside BATON_DATA_DIR). */
export const SHARE_LINK_KEY_FILE = "share-link.key";

/** Names of Baton's own variables that hold secrets (a platform's are its module's `secrets`). */
const BATON_SECRET_KEYS = [
  "OPENAI_API_KEY",
  "BATON_SHARE_KEY",
  "BATON_ADMIN_TOKEN",
  "BATON_SHARE_KEYS",
  "BATON_METRICS_TOKEN",
] as const;

/**
 * Names of the variables that hold secrets, for the listed `modules`: never logged, and redacted
 * from everything shared. A platform's secrets count only when its module is listed.
 */
export function secretConfigKeys(
  modules: readonly Pick<BotModule<unknown>, "platform" | "secrets">[] = BOT_MODULES,
): string[] {
  return [
    ...modules.flatMap((module) => module.secrets),
    ...BATON_SECRET_KEYS,
    ...openInspectSecretVariables(modules),
  ];
}

export class ConfigError extends BatonError {
  /** `reasons`: Baton's own explanations (never a value), for checks a variable's name does not explain. */
  constructor(
    readonly keys: string[],
    reasons: string[] = [],
  ) {
    super(
      "config_invalid",
      `Invalid environment variables: ${keys.join(", ")}. ${reasons.map((reason) => `${reason} `).join("")}Fix or unset them (docs/configuration.md lists each one) and start Baton again.`,
    );
  }
}

/**
 * Parses the environment once, with the slices of `modules` (Baton's own by default). Errors name
 * the bad variables, never their values.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  modules: readonly ListedModule[] = BOT_MODULES,
): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = checkedConfigSchema(modules).safeParse(present);
  if (!parsed.success) {
    const { issues } = parsed.error;
    // Only the messages Baton wrote itself: zod's own may quote what it received.
    const reasons = issues.filter((issue) => issue.code === "custom").map((issue) => issue.message);
    throw new ConfigError([...new Set(issues.map((issue) => issue.path.join(".")))], [...new Set(reasons)]);
  }
  return parsed.data as Config;
}

/**
 * The values of every configured secret of Baton and the listed `modules`, for redaction.
 * `BATON_SHARE_KEYS` holds several (`id:secret,…`): each is listed on its own as well, since a
 * secret turns up alone (the old `BATON_SHARE_KEY` a rotation moved in, say), not as the list.
 */
export function configuredSecrets(
  config: Config,
  modules: readonly Pick<BotModule<unknown>, "platform" | "secrets">[] = BOT_MODULES,
): string[] {
  return secretConfigKeys(modules).flatMap((key) => {
    const value = (config as Record<string, unknown>)[key];
    if (typeof value !== "string") return [];
    return key === "BATON_SHARE_KEYS"
      ? [value, ...splitShareKeys(value).map(({ secret }) => secret)]
      : [value];
  });
}
