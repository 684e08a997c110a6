import type { Socket } from "node:net";
import { silentLogger } from "@baton/core";
import { type PrivateRedis, startPrivateRedis } from "@baton/testkit/vitest";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BOT_MODULES, platformPoliciesOf } from "../bots/bot-modules.js";
import { loadConfig } from "../config/load-config.js";
import { coalesceWrites } from "./coalesce-writes.js";
import { openBatonState } from "./open-baton-state.js";

// A Redis of its own: one test holds the server busy in a script for a moment on purpose.
let server: PrivateRedis;
const connections: Redis[] = [];

beforeAll(async () => {
  server = await startPrivateRedis();
});
afterAll(() => server.stop());
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
});

async function connect(options: { coalesce: boolean; autoPipelining?: boolean }): Promise<Redis> {
  const connection = new Redis(server.url, {
    maxRetriesPerRequest: 2,
    enableAutoPipelining: options.autoPipelining ?? false,
  });
  connections.push(connection);
  if (options.coalesce) coalesceWrites(connection);
  await connection.ping();
  return connection;
}

/** Counts what the connection's current socket hands to the operating system: one a write. */
function countWrites(connection: Redis): { count: () => number } {
  const socket = (connection as unknown as { stream: Socket }).stream as Socket & {
    _write: (...args: unknown[]) => void;
    _writev: (...args: unknown[]) => void;
  };
  let writes = 0;
  for (const method of ["_write", "_writev"] as const) {
    const original = socket[method];
    socket[method] = function counted(this: Socket, ...args: unknown[]) {
      writes += 1;
      return original.apply(this, args);
    };
  }
  return { count: () => writes };
}

/** Gives one command in each of `n` callbacks of the same turn of the event loop, as requests arrive. */
function commandsInOneTurn(connection: Redis, n: number, prefix: string): Promise<string[]> {
  return Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<string>((resolve, reject) => {
          setImmediate(() => {
            connection
              .set(`${prefix}:${i}`, `value ${i}`)
              .then(() => connection.get(`${prefix}:${i}`))
              .then((value) => resolve(value ?? "missing"), reject);
          });
        }),
    ),
  );
}

describe("coalesceWrites", () => {
  it("sends the commands given in one turn of the event loop in one write, each answered on its own", async () => {
    const coalesced = await connect({ coalesce: true });
    const plain = await connect({ coalesce: false });
    const coalescedWrites = countWrites(coalesced);
    const plainWrites = countWrites(plain);

    const [coalescedValues, plainValues] = await Promise.all([
      commandsInOneTurn(coalesced, 20, "coalesced"),
      commandsInOneTurn(plain, 20, "plain"),
    ]);

    const expected = Array.from({ length: 20 }, (_, i) => `value ${i}`);
    expect(coalescedValues).toEqual(expected);
    expect(plainValues).toEqual(expected);
    // The SETs of the first turn, then the GETs their answers led to in a later one.
    expect(coalescedWrites.count()).toBeLessThanOrEqual(3);
    // Without it, each callback's command leaves on its own.
    expect(plainWrites.count()).toBeGreaterThanOrEqual(20);
  });

  it("sends a turn's commands while the answers to an earlier turn's are still on their way", async () => {
    // A script that keeps Redis busy for 50 ms stands for a batch whose answers take a while.
    const slowScript = `
      local start = redis.call('TIME')
      local started = start[1] * 1000000 + start[2]
      repeat
        local now = redis.call('TIME')
      until now[1] * 1000000 + now[2] - started > 50000
      return 'slow'`;
    const writesWhileSlowReplyWasOut = async (connection: Redis) => {
      const writes = countWrites(connection);
      let writesAtFirstAnswer = -1;
      // Read as the script's answer arrives, before the client acts on it.
      (connection as unknown as { stream: Socket }).stream.prependOnceListener("data", () => {
        writesAtFirstAnswer = writes.count();
      });
      const slow = connection.eval(slowScript, 0);
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([slow, connection.ping()]);
      return writesAtFirstAnswer;
    };

    const coalesced = await connect({ coalesce: true });
    const autoPipelined = await connect({ coalesce: false, autoPipelining: true });

    // The PING left before the script's answer came back.
    expect(await writesWhileSlowReplyWasOut(coalesced)).toBe(2);
    // ioredis's auto-pipelining holds it until every answer of the batch before is in.
    expect(await writesWhileSlowReplyWasOut(autoPipelined)).toBe(1);
  });

  it("batches the new socket after a reconnect", async () => {
    const coalesced = await connect({ coalesce: true });
    const reconnected = new Promise((resolve) => coalesced.once("ready", resolve));
    const killer = await connect({ coalesce: false });
    await killer.client("KILL", "ID", String(await coalesced.client("ID")));
    await reconnected;
    const writes = countWrites(coalesced);

    const values = await commandsInOneTurn(coalesced, 20, "reconnected");

    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `value ${i}`));
    expect(writes.count()).toBeLessThanOrEqual(3);
  });
});

describe("openBatonState", () => {
  it("coalesces the writes of the queue's connection as well as the stores'", async () => {
    const state = await openBatonState({
      config: loadConfig({ REDIS_URL: server.url, BATON_REDIS_PREFIX: "coalesce-test" }),
      mode: "worker",
      logger: silentLogger,
      log: silentLogger,
      platforms: platformPoliciesOf(BOT_MODULES),
    });
    try {
      for (const [name, connection] of [
        ["main", state.main],
        ["stores", state.stores],
      ] as const) {
        await connection.ping();
        const writes = countWrites(connection);
        const values = await commandsInOneTurn(connection, 20, `state-${name}`);
        expect(values).toEqual(Array.from({ length: 20 }, (_, i) => `value ${i}`));
        expect(writes.count(), name).toBeLessThanOrEqual(3);
      }
    } finally {
      await state.queue.close();
      await state.redis.close();
    }
  });
});
