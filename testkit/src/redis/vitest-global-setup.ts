import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import type { TestProject } from "vitest/node";
import { getFreePort } from "../net/free-port.js";

// Every Redis test needs a real server. Use REDIS_URL, else the usual local one, else start a
// private, memory-only redis-server for this run and stop it afterwards.
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
const REDIS_START_TIMEOUT_MS = 10_000;

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.REDIS_URL;
  if (configured || (await answersPing(DEFAULT_REDIS_URL))) {
    project.provide("redisUrl", configured ?? DEFAULT_REDIS_URL);
    return async () => {};
  }
  const port = await getFreePort();
  const server = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitUntilAnswering(url, server);
  project.provide("redisUrl", url);
  return async () => {
    server.kill("SIGTERM");
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

function answersPing(url: string): Promise<boolean> {
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
