import { randomBytes } from "node:crypto";
import { join } from "node:path";
import {
  type CliIo,
  createRedisKeys,
  createSessionStore,
  createShareService,
  createShareStore,
  loadCatalog,
  loadShareLinkKeyring,
  parseShareLifetime,
  printUsage,
  retentionFor,
  type ShareLifetime,
  type ShareService,
  type ShareSummary,
  silentLogger,
} from "@baton/core";
import { BOT_MODULES, platformPoliciesOf } from "../bots/bot-modules.js";
import { catalogDiscoveryOn } from "../bots/catalog-discovery-on.js";
import { loadConfig, SHARE_LINK_KEY_FILE } from "../config/load-config.js";
import { openCliRedis } from "./open-cli-redis.js";

export const SHARE_USAGE = [
  "Usage: baton share <command>",
  "",
  "  list                                         live share links (session, created, expires, id hash)",
  "  create <sessionId> [--expires-in-days N|never]  share a session and print its link",
  "  revoke <shareId|sessionId>                   end a share link; the session is not shared again automatically",
].join("\n");

type Parsed =
  | { kind: "list" }
  | { kind: "create"; sessionId: string; lifetime?: ShareLifetime }
  | { kind: "revoke"; target: string }
  | { kind: "usage"; problem?: string };

/**
 * `baton share list|create|revoke`: operators' control over share links, against the same Redis
 * (REDIS_URL, BATON_REDIS_PREFIX) and catalog (BATON_CONFIG) as the running Baton. Exit codes:
 * 0 done, 1 nothing to do it to (unknown share or session, sharing off), 2 bad usage.
 */
export async function runShareCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseShareArgs(args);
  if (parsed.kind === "usage")
    return printUsage(io, { command: "baton share", usage: SHARE_USAGE, problem: parsed.problem });
  const config = loadConfig(io.env);
  const catalog = await loadCatalog(config.BATON_CONFIG, {
    platforms: platformPoliciesOf(BOT_MODULES),
    discovery: catalogDiscoveryOn(BOT_MODULES, config),
  });
  const connection = await openCliRedis(config, "baton share", io);
  if (!connection) return 1;
  const { redis } = connection;
  try {
    const keys = createRedisKeys(config.BATON_REDIS_PREFIX);
    // Only `create` seals a new id; `list` and `revoke` never open one, so they need no real key
    // (and do not create the key file as a side effect).
    const linkKey =
      parsed.kind === "create"
        ? await loadShareLinkKeyring({
            secret: config.BATON_SHARE_KEY,
            secrets: config.BATON_SHARE_KEYS,
            keyFile: join(config.BATON_DATA_DIR, SHARE_LINK_KEY_FILE),
          })
        : randomBytes(32);
    const retention = retentionFor(config.BATON_RETENTION);
    const shares = createShareService({
      store: createShareStore({ redis, keys, retention }),
      retention,
      sessions: createSessionStore({ redis, keys }),
      policy: catalog.sharing,
      publicUrl: config.BATON_PUBLIC_URL,
      linkKey,
      logger: silentLogger,
    });
    return await runParsed(parsed, shares, io, config.BATON_CONFIG);
  } finally {
    await connection.close();
  }
}

async function runParsed(
  parsed: Exclude<Parsed, { kind: "usage" }>,
  shares: ShareService,
  io: CliIo,
  catalogFile: string,
): Promise<number> {
  switch (parsed.kind) {
    case "list": {
      const list = await shares.list();
      if (list.length === 0) io.stdout("No live share links.");
      else for (const line of formatShareList(list)) io.stdout(line);
      return 0;
    }
    case "create": {
      const result = await shares.shareSession(
        parsed.sessionId,
        parsed.lifetime ? { lifetime: parsed.lifetime } : {},
      );
      switch (result.kind) {
        case "sharing_off":
          io.stderr(
            `baton share: sharing is off (sharing.mode in ${catalogFile}); set it to auto or on-request first.`,
          );
          return 1;
        case "no_session":
          io.stderr(`baton share: no session ${parsed.sessionId}.`);
          return 1;
        case "shared":
          io.stdout(result.url);
          io.stdout(`expires: ${result.share.expiresAt ?? "never"}`);
          if (!result.created)
            io.stdout("(already shared: this is its existing link; revoke it first for a new one)");
          return 0;
        default:
          return assertNever(result);
      }
    }
    case "revoke": {
      const result = await shares.revoke(parsed.target);
      if (result.kind === "not_found") {
        io.stderr(`baton share: no live share link for ${parsed.target}.`);
        return 1;
      }
      if (result.kind === "no_live_link") {
        io.stderr(
          `baton share: no live share link for ${parsed.target}; the session will not be shared again automatically.`,
        );
        return 1;
      }
      io.stdout(`Revoked the share link of session ${result.sessionId}.`);
      return 0;
    }
    default:
      return assertNever(parsed);
  }
}

/** Parses the arguments after `baton share`. */
export function parseShareArgs(args: string[]): Parsed {
  const [command, ...rest] = args;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return { kind: "usage" };
    case "list":
      return rest.length === 0 ? { kind: "list" } : { kind: "usage", problem: "list takes no arguments." };
    case "revoke":
      return rest.length === 1 && rest[0]
        ? { kind: "revoke", target: rest[0] }
        : { kind: "usage", problem: "revoke takes one share id or session id." };
    case "create": {
      const [sessionId, flag, value, ...extra] = rest;
      if (!sessionId || sessionId.startsWith("-"))
        return { kind: "usage", problem: "create needs a session id." };
      if (flag === undefined) return { kind: "create", sessionId };
      const [name, inline] = flag.split("=", 2);
      const text = inline ?? value;
      const lifetime = name === "--expires-in-days" && text !== undefined ? parseShareLifetime(text) : null;
      if (lifetime === null || extra.length > 0 || (inline !== undefined && value !== undefined)) {
        return { kind: "usage", problem: "--expires-in-days takes a positive number of days or never." };
      }
      return { kind: "create", sessionId, lifetime };
    }
    default:
      return { kind: "usage", problem: `unknown command "${command}".` };
  }
}

function formatShareList(list: ShareSummary[]): string[] {
  const rows = [
    ["SESSION", "CREATED", "EXPIRES", "ID HASH"],
    ...list.map((s) => [s.sessionId, s.createdAt, s.expiresAt ?? "never", `${s.hashPrefix}…`]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
}

function assertNever(value: never): never {
  throw new Error(`unhandled: ${JSON.stringify(value)}`);
}
