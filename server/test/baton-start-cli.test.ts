import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getFreePort } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "server/src/cli.ts");

interface LogLine {
  level: string;
  event: string;
  [field: string]: unknown;
}

describe("`baton start` with no configuration at all", () => {
  let redis: TestRedis;
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeEach(async () => {
    redis = await createTestRedis("cli");
    dataDir = await mkdtemp(join(tmpdir(), "baton-start-"));
  });
  afterEach(async () => {
    child?.kill("SIGKILL");
    await redis.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("comes up, says in one line how to turn Slack on, answers health checks, and exits 0 on SIGTERM", async () => {
    const port = await getFreePort();
    const lines: LogLine[] = [];
    const process_ = spawn(
      process.execPath,
      ["--conditions=@baton/source", "--import", "tsx", CLI, "start"],
      {
        cwd: ROOT,
        // Only what a new user has: no Slack, GitHub, Linear or OpenAI variables, no catalog file.
        env: {
          PATH: process.env.PATH,
          REDIS_URL: redis.url,
          BATON_REDIS_PREFIX: redis.prefix,
          PORT: String(port),
          BATON_DATA_DIR: dataDir,
          BATON_CONFIG: join(dataDir, "baton.config.yaml"),
          // Without the playground (playground-start-cli.test.ts covers `baton start` with it).
          BATON_PLAYGROUND: "0",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child = process_;
    let errors = "";
    process_.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    let buffered = "";
    process_.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const complete = buffered.split("\n");
      buffered = complete.pop() ?? "";
      for (const line of complete) if (line.trim()) lines.push(JSON.parse(line));
    });

    const deadline = Date.now() + 20_000;
    while (!lines.some((l) => l.event === "server.started")) {
      if (Date.now() > deadline || process_.exitCode !== null)
        throw new Error(`baton start did not come up: ${JSON.stringify(lines)} ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const slackLines = lines.filter((l) => l.event === "server.slack.disabled");
    expect(slackLines).toHaveLength(1);
    expect(slackLines[0]).toMatchObject({ missing: ["SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN"] });
    expect(String(slackLines[0]?.hint)).toContain("SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN");
    for (const line of lines) expect(typeof line.event).toBe("string");

    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(
      (await fetch(`http://127.0.0.1:${port}/slack/events`, { method: "POST", body: "{}" })).status,
    ).toBe(404);

    const exited = new Promise<number | null>((resolve) => process_.once("exit", (code) => resolve(code)));
    process_.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(lines.some((l) => l.event === "server.stopped")).toBe(true);
  });
});
