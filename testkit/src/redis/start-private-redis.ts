import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { getFreePort } from "../net/free-port.js";

const REDIS_START_TIMEOUT_MS = 10_000;

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A memory-only redis-server of its own on a free loopback port: for a run without a Redis, and
 * for tests that count the server's commands (`INFO commandstats`), which a shared one would blur.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await getFreePort();
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitUntilAnswering(url, server);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once("exit", () => resolve());
        server.kill("SIGTERM");
      }),
  };
}

async function waitUntilAnswering(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + REDIS_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with code ${server.exitCode}`);
    if (await answersPing(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer on ${url} within ${REDIS_START_TIMEOUT_MS} ms`);
}

export function answersPing(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) || 6379 });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => finish(data.toString().startsWith("+PONG")));
  });
}
