import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { getFreePort, startFakeSlack } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BATON_START_TIMEOUT_MS,
  type SpawnedBaton,
  spawnBatonStart,
} from "./fixtures/spawn-baton-logging.js";

/** Starting and stopping a whole Baton in a child process, with room for a loaded machine. */
const TEST_TIMEOUT_MS = BATON_START_TIMEOUT_MS + 30_000;

/** This machine's first address that is not loopback: how another machine would reach the gateway. */
function outsideAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((info) => info && info.family === "IPv4" && !info.internal);
  if (!found) throw new Error("this test needs a network interface other than loopback");
  return found.address;
}

/** GET on loopback with the `Host` header given (fetch does not let a caller set it). */
function statusFor(port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("`baton start` and the playground", () => {
  let redis: TestRedis;
  let baton: SpawnedBaton | undefined;
  beforeEach(async () => {
    redis = await createTestRedis("cli-playground");
  });
  afterEach(async () => {
    if (baton?.child.exitCode === null) baton.child.kill("SIGKILL");
    baton = undefined;
    await redis.cleanup();
  });

  const baseEnv = (port: number) => ({
    REDIS_URL: redis.url,
    BATON_REDIS_PREFIX: redis.prefix,
    PORT: String(port),
    BATON_CONFIG: "no-such-catalog.yaml",
    BATON_SHARE_KEY: "test-share-link-key-0123456789abcdefghij",
  });

  it(
    "with no credentials: prints the playground's URL, serves it to this machine only, and stops cleanly",
    async () => {
      const port = await getFreePort();
      baton = spawnBatonStart(baseEnv(port));
      const ready = await baton.waitForLine("server.playground.ready");
      expect(ready.url).toBe(`http://localhost:${port}/playground`);
      expect(ready.simulated).toContain("slack");
      expect(baton.lines.filter((line) => String(line.url ?? "").endsWith("/playground"))).toHaveLength(1);
      // Slack is on, against the playground's fake: no "Slack is off" line.
      expect(baton.lines.some((line) => line.event === "server.slack.disabled")).toBe(false);
      expect(baton.lines.some((line) => line.event === "server.playground.sample_catalog")).toBe(true);

      const page = await fetch(`http://127.0.0.1:${port}/playground`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(await page.text()).toContain("simulated");

      // The gateway listens on every interface (HOST=0.0.0.0); the playground answers only loopback.
      const outside = `http://${outsideAddress()}:${port}`;
      expect((await fetch(`${outside}/healthz`)).status).toBe(200);
      expect((await fetch(`${outside}/playground`)).status).toBe(403);
      const act = await fetch(`${outside}/playground/api/slack`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ type: "post", text: "@baton hello" }),
      });
      expect(act.status).toBe(403);
      // Log lines reach stdout in batches (within 250 ms): wait for it rather than look at once.
      await baton.waitForLine("server.playground.refused");
      // From this machine, but for another site's name (DNS rebinding): refused too.
      await expect(statusFor(port, "/playground", `evil.example:${port}`)).resolves.toBe(403);
      await expect(statusFor(port, "/playground", `localhost:${port}`)).resolves.toBe(200);

      expect(await baton.stop()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "with BATON_PLAYGROUND_PUBLIC=1: answers other machines too",
    async () => {
      const port = await getFreePort();
      baton = spawnBatonStart({ ...baseEnv(port), BATON_PLAYGROUND_PUBLIC: "1" });
      await baton.waitForLine("server.playground.ready");
      expect((await fetch(`http://${outsideAddress()}:${port}/playground`)).status).toBe(200);
      expect(await baton.stop()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "with a platform's credentials set: no playground, and a line that says how to have it anyway",
    async () => {
      const slack = await startFakeSlack();
      try {
        const port = await getFreePort();
        baton = spawnBatonStart({
          ...baseEnv(port),
          SLACK_SIGNING_SECRET: "a-real-signing-secret",
          SLACK_BOT_TOKEN: "xoxb-real-token",
          SLACK_API_URL: slack.url,
        });
        await baton.waitForLine("server.started");
        const off = baton.lines.find((line) => line.event === "server.playground.off");
        expect(off).toMatchObject({ reason: "credentials_set", live: ["slack"] });
        expect(String(off?.hint)).toContain("BATON_PLAYGROUND=1");
        expect(baton.lines.some((line) => line.event === "server.playground.ready")).toBe(false);
        expect((await fetch(`http://127.0.0.1:${port}/playground`)).status).toBe(404);
        expect(await baton.stop()).toBe(0);
      } finally {
        await slack.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
