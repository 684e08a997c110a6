import { type ChildProcess, spawn } from "node:child_process";
import { createConnection, type NetConnectOpts } from "node:net";
import { getFreePort } from "../net/free-port.js";

// The one place any part of Baton starts a redis-server: `baton start`'s embedded Redis, the test
// run's private one, the cluster nodes of the tests and the chaos run, the benchmarks. It uses
// nothing but Node, so that the server can import it (`@baton/testkit/redis-server`) without
// loading the fakes.

export const REDIS_SERVER_START_TIMEOUT_MS = 10_000;
const PING_TIMEOUT_MS = 500;
const POLL_MS = 50;

/** What redis-server is asked to be. Nothing is written to disk unless `appendOnly` says so. */
export interface RedisServerOptions {
  /** A loopback TCP port; a free one when left out. Ignored with `unixSocket`. */
  port?: number;
  /** Listen on this Unix socket only (no TCP port), readable by this user alone. */
  unixSocket?: string;
  /** Its working directory (AOF files, cluster config); the current directory when left out. */
  dir?: string;
  /** AOF persistence: `true` as Redis syncs by default (every second), `"always"` before every reply. */
  appendOnly?: boolean | "always";
  /** Further arguments (cluster mode, eviction policy). */
  extraArgs?: readonly string[];
  startTimeoutMs?: number;
}

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, or `redis+socket://<path>` (ioredis reads both). */
  url: string;
  /** The TCP port, or null on a Unix socket. */
  port: number | null;
  pid: number | undefined;
  /** Asks it to shut down (SIGTERM) and waits until it has. */
  stop(): Promise<void>;
  /** Kills it (SIGKILL), as a crash would, and waits until it is gone. */
  kill(): Promise<void>;
}

/** Why a redis-server did not start: no binary on PATH, it exited, or it never answered. */
export class RedisServerStartError extends Error {
  constructor(
    readonly reason: "missing" | "exited" | "timeout",
    message: string,
  ) {
    super(message);
    this.name = "RedisServerStartError";
  }
}

/**
 * Starts a redis-server and resolves once it answers PING.
 *
 * @example
 * const redis = await startRedisServer({ appendOnly: "always", dir });
 * // … redis.url …
 * await redis.stop();
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const { unixSocket } = options;
  const port = unixSocket ? null : (options.port ?? (await getFreePort()));
  const listen = unixSocket
    ? ["--port", "0", "--unixsocket", unixSocket, "--unixsocketperm", "700"]
    : ["--port", String(port), "--bind", "127.0.0.1"];
  const child = spawn(
    "redis-server",
    [...listen, ...persistenceArgs(options), ...(options.extraArgs ?? [])],
    {
      stdio: "ignore",
    },
  );
  const target: NetConnectOpts = unixSocket ? { path: unixSocket } : { host: "127.0.0.1", port: port ?? 0 };
  const url = unixSocket ? `redis+socket://${unixSocket}` : `redis://127.0.0.1:${port}`;
  const end = (signal: NodeJS.Signals) => endProcess(child, signal);
  await waitUntilAnswering(child, target, url, options.startTimeoutMs ?? REDIS_SERVER_START_TIMEOUT_MS);
  return { url, port, pid: child.pid, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

function persistenceArgs({ dir, appendOnly = false }: RedisServerOptions): string[] {
  const args = dir ? ["--dir", dir] : [];
  args.push("--save", "", "--appendonly", appendOnly ? "yes" : "no");
  if (appendOnly === "always") args.push("--appendfsync", "always");
  return args;
}

async function waitUntilAnswering(
  child: ChildProcess,
  target: NetConnectOpts,
  url: string,
  timeoutMs: number,
): Promise<void> {
  let spawnError: NodeJS.ErrnoException | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (spawnError?.code === "ENOENT")
      throw new RedisServerStartError("missing", "redis-server is not on PATH");
    if (spawnError)
      throw new RedisServerStartError("exited", `redis-server could not start: ${spawnError.message}`);
    if (child.exitCode !== null) {
      throw new RedisServerStartError("exited", `redis-server exited with code ${child.exitCode}`);
    }
    if (await answersPing(target)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await endProcess(child, "SIGKILL");
  throw new RedisServerStartError("timeout", `redis-server did not answer on ${url} within ${timeoutMs} ms`);
}

function endProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/**
 * Whether a Redis answers PING: at a `redis://host:port` URL, or at a TCP or Unix socket address.
 * A plain socket rather than a client, so that a probe never retries or logs.
 */
export function answersPing(target: string | NetConnectOpts): Promise<boolean> {
  const address = typeof target === "string" ? tcpAddress(target) : target;
  return new Promise((resolve) => {
    const socket = createConnection(address);
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PING_TIMEOUT_MS, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => finish(data.toString().startsWith("+PONG")));
  });
}

function tcpAddress(url: string): NetConnectOpts {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) || 6379 };
}
