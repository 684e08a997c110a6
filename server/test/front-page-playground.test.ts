import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRedisKeys, type HttpRoute, sendText, silentLogger } from "@baton/core";
import { queueNames, type TurnJob } from "@baton/queue";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { Queue } from "bullmq";
import { afterEach, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import { createFrontPageRoute, PLAYGROUND_PATH } from "../src/front-page/create-front-page-route.js";
import { createGateway } from "../src/gateway/create-gateway.js";

describe("the front page's playground link", () => {
  let redis: TestRedis;
  let turns: Queue<TurnJob>;
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await turns.close();
    await redis.cleanup();
  });

  /** A gateway with the front page and `more` routes, added after the front page was created. */
  async function frontPage(more: HttpRoute[]): Promise<string> {
    redis = await createTestRedis("front");
    const keys = createRedisKeys(redis.prefix);
    turns = new Queue<TurnJob>(queueNames(redis.prefix).turns, {
      connection: redis.redis,
      prefix: keys.queuePrefix,
    });
    const routes: HttpRoute[] = [];
    routes.push(
      createFrontPageRoute({
        config: { BATON_PUBLIC_URL: "http://localhost:3000", BATON_ADMIN_TOKEN: undefined },
        backend: "plan",
        modules: BOT_MODULES,
        bots: [],
        routes,
        redis: redis.redis,
        turns,
        intakeStream: keys.intakeStream,
      }),
      ...more,
    );
    server = createGateway({ routes, logger: silentLogger });
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/`)).text();
  }

  it("links the playground when a route serves it", async () => {
    const html = await frontPage([
      { method: "GET", path: PLAYGROUND_PATH, handle: (_req, res) => sendText(res, 200, "playground") },
    ]);
    expect(html).toContain(`<a href="${PLAYGROUND_PATH}">the playground</a>`);
  });

  it("does not when none does", async () => {
    const html = await frontPage([]);
    expect(html).not.toContain("playground");
  });
});
