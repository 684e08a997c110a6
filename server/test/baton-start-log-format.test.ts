import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { getFreePort } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SpawnedBaton, spawnBatonStart } from "./fixtures/spawn-baton-start.js";

/** The carriage returns a pseudo-terminal adds, and its echo of Ctrl-C (colours go separately). */
const TERMINAL_NOISE = /\r|\^C/g;
const PRETTY_LINE =
  /^\[\d\d:\d\d:\d\d\.\d{3}\] (DEBUG|INFO|WARN|ERROR|FATAL): [a-z_]+(\.[a-z_]+)+( [a-z_]+=\S.*)?$/;

describe("`baton start`'s log lines", () => {
  let redis: TestRedis;
  let dataDir: string;
  let baton: SpawnedBaton | undefined;
  beforeEach(async () => {
    redis = await createTestRedis("logs");
    dataDir = await mkdtemp(join(tmpdir(), "baton-logs-"));
  });
  afterEach(async () => {
    baton?.child.kill("SIGKILL");
    await redis.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start({ tty, env = {} }: { tty: boolean; env?: Record<string, string> }) {
    const port = await getFreePort();
    baton = spawnBatonStart({
      tty,
      env: {
        REDIS_URL: redis.url,
        BATON_REDIS_PREFIX: redis.prefix,
        PORT: String(port),
        BATON_DATA_DIR: dataDir,
        BATON_CONFIG: join(dataDir, "baton.config.yaml"),
        TERM: "xterm-256color",
        // Without credentials `baton start` would run the playground; these lines are about platforms that are off.
        BATON_PLAYGROUND: "0",
        ...env,
      },
    });
    await baton.waitFor("server.started");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(await baton.stop()).toBe(0);
    return stripVTControlCharacters(baton.output()).replace(TERMINAL_NOISE, "").split("\n").filter(Boolean);
  }

  it("are one short readable line a event at a terminal, to the last one before exit", async () => {
    const lines = await start({ tty: true });
    for (const line of lines) {
      expect(line).toMatch(PRETTY_LINE);
      expect(line.length).toBeLessThan(240);
    }
    expect(lines).toContainEqual(
      expect.stringMatching(
        /INFO: server\.slack\.disabled missing=\[SLACK_SIGNING_SECRET,SLACK_BOT_TOKEN\] hint="Slack is off\./,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: server\.started .*url=http:\/\/127\.0\.0\.1:\d+/),
    );
    expect(lines.at(-1)).toMatch(/INFO: server\.stopped/);
  });

  it("are JSON at a terminal when LOG_FORMAT=json says so", async () => {
    const lines = await start({ tty: true, env: { LOG_FORMAT: "json" } });
    const events = lines.map((line) => JSON.parse(line).event);
    expect(events).toContain("server.started");
    expect(events.at(-1)).toBe("server.stopped");
  });

  it("are JSON without a terminal (a pipe, a log shipper)", async () => {
    const lines = await start({ tty: false });
    const records = lines.map((line) => JSON.parse(line));
    expect(records.find((r) => r.event === "server.slack.disabled")).toMatchObject({
      level: "info",
      missing: ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN"],
    });
    expect(records.at(-1)?.event).toBe("server.stopped");
  });
});
