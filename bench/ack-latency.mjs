// npm run bench:ack — how soon the person sees 👀 after Slack delivers a mention: signed
// app_mention events sent to `baton start` (gateway + worker in their own process), the time from
// sending to the reactions.add call reaching the fake Slack. The baseline, measured in the same
// run on the same requests, is the HTTP answer (the platform's own deadline clock).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildAppMentionEvent,
  FAKE_SLACK_DEFAULTS,
  getFreePort,
  newMessageTs,
  postSlackEvent,
  startFakeSlack,
} from "@baton/testkit";
import { Redis } from "ioredis";
import {
  BENCH_REDIS_URL,
  BENCH_SIGNING_SECRET,
  batonEnv,
  flushPrefix,
  percentile,
  reportTarget,
  waitUntilHealthy,
} from "./bench-support.mjs";

const REDIS_URL = BENCH_REDIS_URL;
const SIGNING_SECRET = BENCH_SIGNING_SECRET;
const STEADY_REQUESTS = Number(process.env.BENCH_STEADY ?? 300);
const STEADY_RATE_PER_S = Number(process.env.BENCH_RATE ?? 50);
const BURST_REQUESTS = Number(process.env.BENCH_BURST ?? 300);
const ACK_TARGET_MS = 1_000;
const root = fileURLToPath(new URL("..", import.meta.url));

const slack = await startFakeSlack();
const prefix = `bench-ack-${randomBytes(4).toString("hex")}`;
const port = await getFreePort();
const baton = spawn("node", ["server/dist/cli.js", "start"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    ...batonEnv({
      redisUrl: REDIS_URL,
      prefix,
      port,
      signingSecret: SIGNING_SECRET,
      slackUrl: slack.url,
      logLevel: "warn",
    }),
    BATON_DATA_DIR: mkdtempSync(join(tmpdir(), "baton-bench-")),
  },
});
const url = `http://127.0.0.1:${port}`;
await waitUntilHealthy(url, "baton start", 200);

async function send(channel) {
  const ts = newMessageTs();
  const envelope = buildAppMentionEvent({
    teamId: FAKE_SLACK_DEFAULTS.teamId,
    botUserId: FAKE_SLACK_DEFAULTS.botUserId,
    channelId: channel,
    userId: "U0BENCH",
    text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> bench ${ts}`,
    ts,
  });
  const sentAt = Date.now();
  const response = await postSlackEvent(`${url}/slack/events`, envelope, { signingSecret: SIGNING_SECRET });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return { ts, sentAt, httpMs: Date.now() - sentAt };
}

async function measure(name, sends) {
  const sent = await sends();
  const byTs = new Map(sent.map((s) => [s.ts, s]));
  const deadline = Date.now() + 30_000;
  let acked = [];
  while (Date.now() < deadline) {
    acked = slack
      .callsTo("reactions.add")
      .filter((c) => c.body.name === "eyes" && byTs.has(c.body.timestamp));
    if (acked.length >= sent.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ackMs = acked.map((c) => c.at - byTs.get(c.body.timestamp).sentAt);
  const httpMs = sent.map((s) => s.httpMs);
  const row = {
    name,
    requests: sent.length,
    acked: acked.length,
    ackP50: percentile(ackMs, 50),
    ackP99: percentile(ackMs, 99),
    ackMax: Math.max(...ackMs),
    httpP50: percentile(httpMs, 50),
    httpP99: percentile(httpMs, 99),
  };
  console.log(
    `${row.name}: ${row.acked}/${row.requests} acknowledged · 👀 p50 ${row.ackP50} ms, p99 ${row.ackP99} ms, max ${row.ackMax} ms · HTTP 200 p50 ${row.httpP50} ms, p99 ${row.httpP99} ms · 👀/HTTP p99 ratio ${(row.ackP99 / Math.max(row.httpP99, 1)).toFixed(1)} · ${row.ackP99 <= ACK_TARGET_MS ? "within" : "OUTSIDE"} the ${ACK_TARGET_MS} ms target`,
  );
  reportTarget({
    name: `ack: 👀 p99 ms, ${row.name}`,
    value: row.ackP99,
    target: `≤ ${ACK_TARGET_MS}`,
    met: row.ackP99 <= ACK_TARGET_MS && row.acked === row.requests,
  });
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}; baton start in its own process, fake Slack in this one`,
);
try {
  await measure(`steady ${STEADY_RATE_PER_S}/s`, async () => {
    const results = [];
    for (let i = 0; i < STEADY_REQUESTS; i++) {
      results.push(send(`C0STEADY${i % 20}`));
      await new Promise((resolve) => setTimeout(resolve, 1000 / STEADY_RATE_PER_S));
    }
    return Promise.all(results);
  });
  await measure(`burst of ${BURST_REQUESTS} at once`, () =>
    Promise.all(Array.from({ length: BURST_REQUESTS }, (_, i) => send(`C0BURST${i % 20}`))),
  );
} finally {
  const exited = new Promise((resolve) => baton.once("exit", resolve));
  baton.kill("SIGTERM");
  await exited;
  await slack.close();
  const redis = new Redis(REDIS_URL);
  await flushPrefix(redis, prefix);
  await redis.quit();
}
