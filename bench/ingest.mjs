// npm run bench:ingest — signed Slack app_mention events, then signed GitHub issue_comment
// deliveries (GitHub's real ~12 KB payload), against `baton gateway` (its own process) and, in the
// same run, against a minimal verify + parse + queue.add server (the baseline); GitHub also against
// a bare Probot app doing the same. Prints requests/s, latency p50/p99 and server CPU per request
// for each, and the ratios. Linear AgentSessionEvent webhooks go against LinearWebhookClient alone.
import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import {
  buildAgentSessionEvent,
  buildIssueCommentEvent,
  FAKE_LINEAR_API_KEY,
  FAKE_SLACK_DEFAULTS,
  getFreePort,
  githubTestApp,
  signGithubWebhook,
  signLinearWebhook,
  startFakeLinear,
  startFakeSlack,
} from "@baton/testkit";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { BENCH_REDIS_URL, BENCH_SIGNING_SECRET, batonEnv, flushPrefix } from "./bench-support.mjs";

const REDIS_URL = BENCH_REDIS_URL;
const SIGNING_SECRET = BENCH_SIGNING_SECRET;
const GITHUB_WEBHOOK_SECRET = "bench-github-webhook-secret";
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const TARGET_RATIO = 0.7;
const EVENTS_PER_RUN = 250_000;
const CLOCK_TICKS_PER_S = 100;
/** A busy machine loads Baton's modules slowly; a server that takes longer than this is broken. */
const SERVER_START_TIMEOUT_MS = 60_000;
const root = fileURLToPath(new URL("..", import.meta.url));

/** Pre-signed, distinct app_mention deliveries, so the load generator only sends bytes. */
function slackDeliveries(count, tag) {
  const timestamp = Math.floor(Date.now() / 1000) + 60;
  const events = Array.from({ length: count }, (_, i) => {
    const ts = `${1_700_000_000 + i}.${String(i % 1_000_000).padStart(6, "0")}`;
    const body = JSON.stringify({
      token: "legacy",
      team_id: FAKE_SLACK_DEFAULTS.teamId,
      api_app_id: FAKE_SLACK_DEFAULTS.appId,
      type: "event_callback",
      event_id: `Ev${tag}${i}`,
      event_time: timestamp,
      event: {
        type: "app_mention",
        user: "U0BENCH",
        text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> fix the flaky login test number ${i}`,
        ts,
        channel: `C0BENCH${i % 97}`,
        event_ts: ts,
      },
    });
    const signature = `v0=${createHmac("sha256", SIGNING_SECRET).update(`v0:${timestamp}:${body}`).digest("hex")}`;
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": signature,
      },
    };
  });
  let next = 0;
  return {
    path: "/slack/events",
    bodyBytes: Buffer.byteLength(events[0].body),
    next: () => events[next++ % events.length],
  };
}

/** Distinct issues and PRs the GitHub deliveries spread over (so over many conversations). */
const GITHUB_CONVERSATIONS = 2_000;

/**
 * GitHub issue_comment deliveries: GitHub's own example payload (about 12 KB) with an @baton
 * mention, one signed body per issue; each delivery has its own X-GitHub-Delivery id, so each is
 * new to dedupe.
 */
function githubDeliveries(tag) {
  const bodies = Array.from({ length: GITHUB_CONVERSATIONS }, (_, i) => {
    const { event, payload } = buildIssueCommentEvent({
      repo: "acme/api",
      installationId: 4242,
      sender: { login: "octocat" },
      number: i + 1,
      commentId: 9_000 + i,
      body: `@baton fix the flaky login test number ${i}`,
      onPullRequest: i % 2 === 0,
    });
    const body = JSON.stringify(payload);
    return {
      body,
      headers: signGithubWebhook({ secret: GITHUB_WEBHOOK_SECRET, event, body, deliveryId: "x" }),
    };
  });
  let next = 0;
  return {
    path: "/api/github/webhooks",
    bodyBytes: Buffer.byteLength(bodies[0].body),
    next: () => {
      const { body, headers } = bodies[next % bodies.length];
      return { body, headers: { ...headers, "x-github-delivery": `${tag}-${next++}` } };
    },
  };
}

const LINEAR_WEBHOOK_SECRET = "bench-linear-webhook-secret";
// Linear refuses a webhookTimestamp more than 60 s from now: this keeps a run's deliveries inside it.
const LINEAR_TIMESTAMP_AHEAD_MS = 30_000;
const LINEAR_ISSUES = 97;

/** Pre-signed, distinct AgentSessionEvent `created` deliveries of the fake workspace's issues. */
function linearDeliveries(tag) {
  const webhookTimestamp = Date.now() + LINEAR_TIMESTAMP_AHEAD_MS;
  const issues = Array.from({ length: LINEAR_ISSUES }, (_, i) =>
    linear.store.seedIssue({ title: `Fix the flaky login test ${i}`, team: "ENG" }),
  );
  const events = Array.from({ length: EVENTS_PER_RUN / 5 }, (_, i) => {
    const payload = buildAgentSessionEvent("created", {
      store: linear.store,
      issue: issues[i % issues.length],
      agentSessionId: `bench-session-${tag}-${i}`,
      promptContext: `<issue>Fix the flaky login test number ${i}</issue>`,
      webhookTimestamp,
    });
    const body = JSON.stringify(payload);
    const headers = signLinearWebhook({
      secret: LINEAR_WEBHOOK_SECRET,
      body,
      event: payload.type,
      deliveryId: `bench-delivery-${tag}-${i}`,
    });
    return { body, headers: { ...headers, "content-type": "application/json" } };
  });
  let next = 0;
  return {
    path: "/linear/webhooks",
    bodyBytes: Buffer.byteLength(events[0].body),
    next: () => events[next++ % events.length],
  };
}

function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** Starts a server process and waits until `readyPath` answers on its port. */
async function startProcess(command, args, env, port, readyPath) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    const answered = await fetch(`http://127.0.0.1:${port}${readyPath}`).then(
      () => true,
      () => false,
    );
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`${args.join(" ")} did not start within ${SERVER_START_TIMEOUT_MS / 1000} s`);
}

async function load(port, deliveries, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: deliveries.path,
        setupRequest: (request) => {
          const delivery = deliveries.next();
          return { ...request, body: delivery.body, headers: delivery.headers };
        },
      },
    ],
  });
}

async function measure(name, child, port, deliveries) {
  await load(port, deliveries, WARMUP_S);
  const ticksBefore = cpuTicks(child.pid);
  const redisTicksBefore = redisPid ? cpuTicks(redisPid) : 0;
  const result = await load(port, deliveries, DURATION_S);
  const cpuMs = ((cpuTicks(child.pid) - ticksBefore) / CLOCK_TICKS_PER_S) * 1000;
  const redisCpuMs = redisPid
    ? ((cpuTicks(redisPid) - redisTicksBefore) / CLOCK_TICKS_PER_S) * 1000
    : Number.NaN;
  const ok = result["2xx"];
  return {
    name,
    requestsPerS: ok / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuUsPerRequest: ok ? (cpuMs * 1000) / ok : Number.NaN,
    redisCpuUsPerRequest: ok ? (redisCpuMs * 1000) / ok : Number.NaN,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function stop(child) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const redis = new Redis(REDIS_URL);
const serverInfo = await redis.info("server");
const redisVersion = serverInfo.match(/redis_version:(\S+)/)?.[1];
// Redis's own CPU is only readable when it runs on this machine.
const redisPid = /^redis:\/\/(127\.0\.0\.1|localhost)/.test(REDIS_URL)
  ? Number(serverInfo.match(/process_id:(\d+)/)?.[1])
  : 0;
const slack = await startFakeSlack();
const linear = await startFakeLinear();
const prefix = `bench-${randomBytes(4).toString("hex")}`;
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, redis ${redisVersion}`,
);
console.log(
  `load: autocannon, ${CONNECTIONS} connections, ${WARMUP_S}s warm-up + ${DURATION_S}s measured per server, distinct pre-signed deliveries`,
);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const app = githubTestApp({ webhookSecret: GITHUB_WEBHOOK_SECRET });
const githubEnv = {
  GITHUB_APP_ID: String(app.appId),
  GITHUB_PRIVATE_KEY: app.privateKey,
  GITHUB_WEBHOOK_SECRET,
};
const baselineEnv = (port) => ({
  REDIS_URL,
  PREFIX: prefix,
  SIGNING_SECRET,
  PORT: String(port),
  GITHUB_WEBHOOK_SECRET,
});
const gatewayEnv = (port) => ({
  ...batonEnv({
    redisUrl: REDIS_URL,
    prefix,
    port,
    signingSecret: SIGNING_SECRET,
    slackUrl: slack.url,
    logLevel: process.env.LOG_LEVEL,
  }),
  ...githubEnv,
  LINEAR_WEBHOOK_SECRET,
  LINEAR_API_KEY: FAKE_LINEAR_API_KEY,
  LINEAR_API_URL: linear.apiUrl,
});
const baseline = {
  name: "baseline (verify + parse + queue.add)",
  args: ["bench/baseline-server.mjs"],
  env: baselineEnv,
  readyPath: "/",
};
const gateway = {
  name: "baton gateway (verify + parse + dedupe + persist + enqueue)",
  args: ["server/dist/cli.js", "gateway"],
  env: gatewayEnv,
  readyPath: "/healthz",
};
const probotApp = {
  name: "bare Probot app (its middleware + queue.add)",
  args: ["bench/probot-server.mjs"],
  env: (port) => ({ REDIS_URL, PREFIX: prefix, PORT: String(port), ...githubEnv }),
  readyPath: "/",
};
const linearClient = {
  name: "bare LinearWebhookClient (its handler + queue.add)",
  args: ["bench/linear-baseline-server.mjs"],
  env: (port) => ({ ...baselineEnv(port), SIGNING_SECRET: LINEAR_WEBHOOK_SECRET }),
  readyPath: "/",
};
const platforms = [
  {
    name: "Slack app_mention",
    servers: [baseline, gateway],
    deliveries: (tag) => slackDeliveries(EVENTS_PER_RUN, tag),
  },
  { name: "GitHub issue_comment", servers: [baseline, probotApp, gateway], deliveries: githubDeliveries },
  // Linear's own client is the baseline here: the issue asks Baton to keep up with it.
  { name: "Linear AgentSessionEvent", servers: [linearClient, gateway], deliveries: linearDeliveries },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  for (const platform of platforms) {
    const runs = platform.servers.map(() => []);
    let bodyBytes = 0;
    // Interleaved rounds, so that whatever else the machine does weighs on every side alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, server] of platform.servers.entries()) {
        const port = await getFreePort();
        const child = await startProcess("node", server.args, server.env(port), port, server.readyPath);
        const deliveries = platform.deliveries(`${round}x${index}`);
        bodyBytes = deliveries.bodyBytes;
        runs[index].push(await measure(server.name, child, port, deliveries));
        await stop(child);
        await flushPrefix(redis, prefix);
      }
    }
    report(platform, runs, bodyBytes);
  }
} finally {
  await flushPrefix(redis, prefix);
  await redis.quit();
  await slack.close();
  await linear.close();
}

function report(platform, runs, bodyBytes) {
  const rows = runs.map((measured) => ({
    name: measured[0].name,
    requestsPerS: median(measured.map((m) => m.requestsPerS)),
    p50Ms: median(measured.map((m) => m.p50Ms)),
    p99Ms: median(measured.map((m) => m.p99Ms)),
    cpuUsPerRequest: median(measured.map((m) => m.cpuUsPerRequest)),
    redisCpuUsPerRequest: median(measured.map((m) => m.redisCpuUsPerRequest)),
    non2xx: measured.reduce((sum, m) => sum + m.non2xx, 0),
    perRound: measured.map((m) => m.requestsPerS.toFixed(0)).join(", "),
  }));
  console.log(
    `\n${platform.name} (${(bodyBytes / 1024).toFixed(1)} KB bodies) — rounds: ${ROUNDS} (medians below; req/s per round in brackets)`,
  );
  for (const row of rows) {
    console.log(
      `${row.name}\n  ${row.requestsPerS.toFixed(0)} req/s [${row.perRound}] · p50 ${row.p50Ms} ms · p99 ${row.p99Ms} ms · ${row.cpuUsPerRequest.toFixed(0)} µs CPU/request (+ ${row.redisCpuUsPerRequest.toFixed(0)} µs in Redis) · non-2xx/errors ${row.non2xx}`,
    );
  }
  const base = rows[0];
  const baton = rows[rows.length - 1];
  const ratio = baton.requestsPerS / base.requestsPerS;
  console.log(
    `ratio baton/baseline: ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}) → ${ratio >= TARGET_RATIO ? "meets the target" : "BELOW the target"}`,
  );
  console.log(
    `CPU per request, baton/baseline: ${(baton.cpuUsPerRequest / base.cpuUsPerRequest).toFixed(2)}`,
  );
  if (rows.length > 2) {
    const framework = rows[1];
    console.log(
      `ratio ${framework.name.split(" (")[0]}/baseline: ${(framework.requestsPerS / base.requestsPerS).toFixed(2)} · baton/${framework.name.split(" (")[0]}: ${(baton.requestsPerS / framework.requestsPerS).toFixed(2)}`,
    );
  }
}
