import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeSlack, getFreePort, startFakeSlack } from "@baton/testkit";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { catalogDoctorCheck } from "../src/cli/doctor/catalog-doctor-check.js";
import type { DoctorCheck } from "../src/cli/doctor/doctor-check.js";
import { runDoctorCommand } from "../src/cli/doctor-command.js";

const CATALOG = `
repositories:
  - repo: acme/web
  - repo: acme/api
environments:
  - id: shop
    name: Shop
    repositories: [acme/web, acme/api]
routing:
  - keywords: [terraform]
    target: acme/infra
  - keywords: [graphql]
    target: acme/api
slack:
  channels:
    C0123ABCD: { target: acme/web }
`;
const GOOD_BOT_TOKEN = "xoxb-doctor-good";
const GOOD_APP_TOKEN = "xapp-doctor-good";

let dir: string;
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack({ validTokens: [GOOD_BOT_TOKEN], validAppTokens: [GOOD_APP_TOKEN] });
});
afterAll(() => slack.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "baton-doctor-"));
  await writeFile(join(dir, "baton.config.yaml"), CATALOG);
  slack.reset();
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** `baton doctor` with a healthy base environment (the tests' Redis, a valid catalog) plus `env`. */
async function doctor(env: Record<string, string | undefined> = {}, checks?: readonly DoctorCheck[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDoctorCommand(
    [],
    {
      env: {
        REDIS_URL: process.env.REDIS_URL ?? inject("redisUrl"),
        BATON_CONFIG: join(dir, "baton.config.yaml"),
        ...env,
      },
      stdout: (line) => stdout.push(line),
      stderr: (line) => stderr.push(line),
    },
    checks,
  );
  return { code, out: stdout.join("\n"), err: stderr.join("\n") };
}

/** The lines of one check's section of the report, title first. */
function section(out: string, title: string): string[] {
  const blocks = out.split("\n\n").map((block) => block.split("\n"));
  return blocks.find((lines) => lines[0]?.startsWith(title)) ?? [];
}

async function closedPort(): Promise<number> {
  return getFreePort();
}

describe("baton doctor", () => {
  it("has nothing to fix with the tests' Redis, a valid catalog and no platform", async () => {
    const { code, out, err } = await doctor();
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(section(out, "Redis")).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ {2}✓ answers: Redis \d+\.\d+/)]),
    );
    expect(section(out, "Slack")).toEqual([
      "Slack",
      "  - off: set SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN to turn it on",
    ]);
    expect(section(out, "Backend (plan)")[1]).toMatch(/^ {2}✓ .*nothing to reach/);
    expect(out.split("\n").at(-1)).toMatch(/^Nothing to fix/);
  });

  describe("Redis", () => {
    it("says when REDIS_URL does not answer, and exits 1", async () => {
      const port = await closedPort();
      const { code, out } = await doctor({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` });
      expect(code).toBe(1);
      expect(section(out, "Redis")).toEqual([
        `Redis (redis://:***@127.0.0.1:${port})`,
        `  ✗ cannot reach it (connect ECONNREFUSED 127.0.0.1:${port})`,
        "    fix: Start Redis, or point REDIS_URL at one that runs (check host, port, password and TLS: rediss://).",
      ]);
      expect(out).not.toContain("hunter2");
    });

    describe("a Redis that may evict keys", () => {
      let server: ChildProcess;
      let url: string;
      let redisDir: string;
      beforeAll(async () => {
        redisDir = await mkdtemp(join(tmpdir(), "baton-doctor-redis-"));
        const port = await getFreePort();
        server = spawn(
          "redis-server",
          [
            "--port",
            String(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            redisDir,
            "--save",
            "",
            "--appendonly",
            "yes",
            "--maxmemory-policy",
            "allkeys-lru",
          ],
          { stdio: "ignore" },
        );
        url = `redis://127.0.0.1:${port}`;
        // Waits for the new server to accept connections (ioredis retries until it does).
        const probe = new Redis(url, { retryStrategy: (attempt) => (attempt > 200 ? null : 50) });
        probe.on("error", () => {});
        await probe.ping();
        probe.disconnect();
      });
      afterAll(async () => {
        server.kill("SIGTERM");
        await rm(redisDir, { recursive: true, force: true });
      });

      it("reports AOF as fine and maxmemory-policy as a problem with its fix", async () => {
        const { code, out } = await doctor({ REDIS_URL: url });
        expect(code).toBe(1);
        expect(section(out, "Redis").slice(2)).toEqual([
          "  ✓ persistence: AOF",
          "  ✗ maxmemory-policy is allkeys-lru: BullMQ needs noeviction, or Redis may evict queued turns when memory runs out",
          "    fix: `redis-cli CONFIG SET maxmemory-policy noeviction`, and `maxmemory-policy noeviction` in redis.conf (or your provider's settings).",
        ]);
      });
    });
  });

  describe("Slack", () => {
    const slackEnv = (token: string, extra: Record<string, string> = {}) => ({
      SLACK_API_URL: slack.url,
      SLACK_BOT_TOKEN: token,
      SLACK_SIGNING_SECRET: "signing-secret",
      ...extra,
    });

    it("answers ✓ when Slack accepts the bot token in auth.test", async () => {
      const { code, out } = await doctor(slackEnv(GOOD_BOT_TOKEN));
      expect(code).toBe(0);
      const { botUserId, teamId } = slack.identity;
      expect(section(out, "Slack")).toEqual([
        "Slack",
        expect.stringMatching(
          new RegExp(`^ {2}✓ auth\\.test: bot @\\S+ \\(${botUserId}\\) in .+ \\(${teamId}\\)$`),
        ),
        "  ✓ SLACK_SIGNING_SECRET is set",
      ]);
      expect(slack.callsTo("auth.test")).toHaveLength(1);
      expect(out).not.toContain(GOOD_BOT_TOKEN);
    });

    it("answers ✗ with a fix when Slack refuses the bot token, and exits 1", async () => {
      const { code, out } = await doctor(slackEnv("xoxb-revoked"));
      expect(code).toBe(1);
      expect(section(out, "Slack").slice(1, 3)).toEqual([
        "  ✗ auth.test: Slack refused SLACK_BOT_TOKEN (invalid_auth)",
        "    fix: Reinstall the app to your workspace (its Install App page) and copy the Bot User OAuth Token (xoxb-…) into SLACK_BOT_TOKEN.",
      ]);
      expect(out).not.toContain("xoxb-revoked");
    });

    it("tells a missing signing secret from a missing token", async () => {
      const noSecret = await doctor({ SLACK_API_URL: slack.url, SLACK_BOT_TOKEN: GOOD_BOT_TOKEN });
      expect(noSecret.code).toBe(1);
      expect(section(noSecret.out, "Slack")[2]).toBe(
        "  ✗ SLACK_SIGNING_SECRET is not set: Baton cannot verify Slack's requests, so Slack stays off",
      );
      const noToken = await doctor({ SLACK_API_URL: slack.url, SLACK_SIGNING_SECRET: "s" });
      expect(noToken.code).toBe(1);
      expect(section(noToken.out, "Slack")[1]).toBe("  ✗ SLACK_BOT_TOKEN is not set, so Slack stays off");
      expect(slack.callsTo("auth.test")).toHaveLength(1);
    });

    it("checks the Socket Mode token with apps.connections.open", async () => {
      const good = await doctor(slackEnv(GOOD_BOT_TOKEN, { SLACK_APP_TOKEN: GOOD_APP_TOKEN }));
      expect(good.code).toBe(0);
      expect(section(good.out, "Slack")[3]).toBe("  ✓ SLACK_APP_TOKEN: Socket Mode can connect");
      const bad = await doctor(slackEnv(GOOD_BOT_TOKEN, { SLACK_APP_TOKEN: "xapp-revoked" }));
      expect(bad.code).toBe(1);
      expect(section(bad.out, "Slack")[3]).toBe(
        "  ✗ SLACK_APP_TOKEN: Slack refused it for Socket Mode (invalid_auth)",
      );
    });

    it("tells an unreachable Slack from a refused token", async () => {
      const port = await closedPort();
      const { code, out } = await doctor({
        SLACK_API_URL: `http://127.0.0.1:${port}/api/`,
        SLACK_BOT_TOKEN: GOOD_BOT_TOKEN,
        SLACK_SIGNING_SECRET: "s",
      });
      expect(code).toBe(1);
      expect(section(out, "Slack")[1]).toBe("  ✗ cannot reach Slack (ECONNREFUSED)");
    });
  });

  describe("BATON_PUBLIC_URL", () => {
    let gateway: Server;
    let gatewayUrl: string;
    beforeAll(async () => {
      // Answers /healthz as Baton's gateway does, and 404 elsewhere.
      gateway = createServer((req, res) => {
        if (req.url === "/healthz")
          res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

    it("is only noted when unset, outside production", async () => {
      const { out } = await doctor();
      expect(section(out, "Public URL")).toEqual([
        "Public URL (http://localhost:3000)",
        "  - BATON_PUBLIC_URL is not set: share links point at this machine only",
      ]);
    });

    it("answers ✓ when Baton answers there, and warns about http outside production", async () => {
      const { code, out } = await doctor({ BATON_PUBLIC_URL: gatewayUrl });
      expect(code).toBe(0);
      const lines = section(out, "Public URL");
      expect(lines[1]).toMatch(/^ {2}! not https: .*\(fine on a laptop\)$/);
      expect(lines[3]).toBe(`  ✓ Baton answers at ${gatewayUrl}/healthz`);
    });

    it("requires https in production", async () => {
      const { code, out } = await doctor({ BATON_PUBLIC_URL: gatewayUrl, NODE_ENV: "production" });
      expect(code).toBe(1);
      expect(section(out, "Public URL")[1]).toBe(
        "  ✗ not https: Slack, GitHub and Linear post only to https, and share links are credentials",
      );
    });

    it("says when nothing answers there, or something that is not Baton", async () => {
      const port = await closedPort();
      const down = await doctor({ BATON_PUBLIC_URL: `https://127.0.0.1:${port}`, NODE_ENV: "production" });
      expect(down.code).toBe(1);
      expect(section(down.out, "Public URL").slice(1)).toEqual([
        "  ✓ https",
        "  ✗ not reachable from this machine (ECONNREFUSED)",
        "    fix: Start Baton (`npx baton start`) first; else check DNS, the proxy and the firewall in front of it.",
      ]);
      const other = await doctor({ BATON_PUBLIC_URL: `${gatewayUrl}/not-baton/` });
      expect(section(other.out, "Public URL")[3]).toBe(
        `  ✗ ${gatewayUrl}/not-baton/healthz answers HTTP 404, not as Baton`,
      );
    });
  });

  describe("the catalog", () => {
    it("is valid, with its counts and what it ignores", async () => {
      const { code, out } = await doctor();
      expect(code).toBe(0);
      expect(section(out, "Catalog")).toEqual([
        `Catalog (${join(dir, "baton.config.yaml")})`,
        "  ✓ valid: 2 repositories, 1 environment, 1 routing rule, 1 Slack channel, 0 GitHub repository defaults, 0 Linear mappings; sharing auto",
        "  ! routing.0.target: acme/infra is not a repository or environment of the catalog; the rule is ignored",
        "    fix: Add the target to the catalog, or correct or remove this entry.",
      ]);
    });

    it("with the GitHub App on, keeps a rule naming a repository the file does not list, and warns while discovery does not list it", async () => {
      const { out } = await doctor(
        {
          GITHUB_APP_ID: "12",
          GITHUB_PRIVATE_KEY: "not read by this check",
          GITHUB_WEBHOOK_SECRET: "s",
          // A prefix of its own: nothing discovered there.
          BATON_REDIS_PREFIX: `doctor-undiscovered-${process.pid}`,
        },
        [catalogDoctorCheck],
      );
      expect(section(out, "Catalog").slice(1)).toEqual([
        "  ✓ valid: 2 repositories, 1 environment, 2 routing rules, 1 Slack channel, 0 GitHub repository defaults, 0 Linear mappings; sharing auto",
        "  ! routing.0.target: acme/infra is not a repository or environment of the catalog; the rule is ignored (no platform lists it: not installed, or archived)",
        "    fix: Install the app on that repository, list it under repositories, or correct or remove this entry.",
      ]);
    });

    it("names each bad key of an invalid catalog, and exits 1", async () => {
      await writeFile(join(dir, "baton.config.yaml"), "repositories:\n  - repo: not-a-repo\nsurprise: 1\n");
      const { code, out } = await doctor();
      expect(code).toBe(1);
      const lines = section(out, "Catalog");
      expect(lines).toContain("  ✗ repositories.0.repo: must be owner/name");
      expect(
        lines.some(
          (line) => line.startsWith("  ✗ (top level): Unrecognized key") && line.includes("surprise"),
        ),
      ).toBe(true);
    });

    it("warns when there is no catalog file", async () => {
      const { code, out } = await doctor({ BATON_CONFIG: join(dir, "missing.yaml") });
      expect(code).toBe(0);
      expect(section(out, "Catalog")[1]).toBe("  ! no such file: every request runs without a repository");
    });
  });

  it("prints nothing for a check that does not concern this configuration", async () => {
    const { out } = await doctor({ BATON_BACKEND: "openinspect" });
    expect(out).not.toContain("Backend (plan)");
  });

  it("names invalid variables without their values, and exits 1", async () => {
    const { code, out } = await doctor({ PORT: "not-a-port-4711" });
    expect(code).toBe(1);
    expect(out).toContain("  ✗ PORT is not valid");
    expect(out).not.toContain("not-a-port-4711");
  });

  it("reports a check that throws as a problem and still runs the others", async () => {
    const broken: DoctorCheck = {
      name: "broken",
      run: async () => {
        throw new Error("boom");
      },
    };
    const fine: DoctorCheck = {
      name: "fine",
      run: async () => ({ kind: "checked", title: "Fine", findings: [{ kind: "ok", text: "yes" }] }),
    };
    const { code, out } = await doctor({}, [broken, fine]);
    expect(code).toBe(1);
    expect(out.split("\n")).toEqual([
      "broken",
      "  ✗ the check itself failed: boom",
      "    fix: Report this with the line above; the other checks are unaffected.",
      "",
      "Fine",
      "  ✓ yes",
      "",
      "1 problem to fix.",
    ]);
  });

  it("answers --help with its usage and a bad option with exit 2", async () => {
    const io = { env: {}, stdout: () => {}, stderr: () => {} };
    expect(await runDoctorCommand(["--help"], io)).toBe(0);
    expect(await runDoctorCommand(["--bogus"], io)).toBe(2);
  });
});
