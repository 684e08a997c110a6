// npm run bench:session — how soon a coding session's first command runs: from a signed Slack
// mention to the first command of the codex backend running in its sandbox, p50/p95, with a warm
// repository store (the repository fetched by an earlier session) and a cold one, for a generated
// repository of BENCH_SESSION_FILES files (5,000). The baseline, measured in the same run on the
// same repository and model: `git clone --depth 1` from the same remote, then the same Codex
// harness started in the clone. Also the worker's RSS with 8 sessions running at once.
// Target: warm p50 ≤ 0.3 × the baseline's p50; the exit code says whether it was met.
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createCodexHarness, createRedisThreadStore } from "@baton/backends";
import { createRedisKeys, silentLogger } from "@baton/core";
import {
  buildAppMentionEvent,
  FAKE_SLACK_DEFAULTS,
  getFreePort,
  newMessageTs,
  postSlackEvent,
  startFakeGithub,
  startFakeResponses,
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
import { generateRepository } from "./session/generate-repository.mjs";
import { rssMiB, treeRssMiB } from "./session/process-rss.mjs";

const FILES = Number(process.env.BENCH_SESSION_FILES ?? 5_000);
const WARM_SAMPLES = Number(process.env.BENCH_SESSION_WARM ?? 8);
const COLD_SAMPLES = Number(process.env.BENCH_SESSION_COLD ?? 4);
const CONCURRENT_SESSIONS = 8;
const TARGET_RATIO = 0.3;
const MODEL = "gpt-5.5";
const MODEL_KEY = "sk-bench-model";
const INSTALLATION = 5_150;
const CHANNEL = "C0BENCHSESSION";
const SAMPLE_TIMEOUT_MS = 120_000;
const root = fileURLToPath(new URL("..", import.meta.url));
// The codex CLI keeps no home under /tmp: data dirs live in the ignored node_modules/.cache.
const dataRoot = join(root, "node_modules/.cache/baton-bench-session");
mkdirSync(dataRoot, { recursive: true });

// Every session's first command prints the time it ran; the scripted model reads it back.
const firstCommandAt = new Map();
const tagOf = (request) => request.userPrompts.join("\n").match(/benchtag:[\w:-]+/)?.[0];
const model = await startFakeResponses({
  apiKey: MODEL_KEY,
  script: (request) => {
    const tag = tagOf(request);
    const output = request.lastToolOutput;
    if (!output)
      return { kind: "exec", cmd: tag?.includes("hold") ? "date +%s%3N && sleep 5" : "date +%s%3N" };
    const ranAt = output.text.match(/(\d{13})/)?.[1];
    if (tag && ranAt) firstCommandAt.set(tag, Number(ranAt));
    return { kind: "text", text: "done" };
  },
});
const github = await startFakeGithub();
const repoDir = generateRepository(FILES);
const tinyDir = generateRepository(3);
github.git.host("acme/big", { from: repoDir });
github.git.host("acme/tiny", { from: tinyDir });
for (const repo of ["acme/big", "acme/tiny"]) github.install(repo, INSTALLATION);
const slack = await startFakeSlack();
const prefix = `bench-session-${randomBytes(4).toString("hex")}`;
const catalogFile = join(mkdtempSync(join(dataRoot, "catalog-")), "baton.config.yaml");
writeFileSync(
  catalogFile,
  `repositories:\n  - repo: acme/big\n  - repo: acme/tiny\nslack:\n  channels:\n    ${CHANNEL}: { target: acme/big }\n    C0BENCHTINY: { target: acme/tiny }\nmodels:\n  codex:\n    default: ${MODEL}\n`,
);
const dataDirs = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(dataRoot, "worker-"));
  dataDirs.push(dir);
  return dir;
};

async function startBaton() {
  const port = await getFreePort();
  const child = spawn(process.execPath, [...process.execArgv, "server/src/cli.ts", "start"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...batonEnv({
        redisUrl: BENCH_REDIS_URL,
        prefix,
        port,
        signingSecret: BENCH_SIGNING_SECRET,
        slackUrl: slack.url,
        logLevel: "warn",
      }),
      BATON_CONFIG: catalogFile,
      BATON_BACKEND: "codex",
      BATON_WORKER_CONCURRENCY: String(CONCURRENT_SESSIONS * 2),
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: MODEL_KEY,
      BATON_DATA_DIR: newDataDir(),
      GITHUB_APP_ID: String(github.app.appId),
      GITHUB_PRIVATE_KEY: github.app.privateKey.replace(/\n/g, "\\n"),
      GITHUB_WEBHOOK_SECRET: github.app.webhookSecret,
      GITHUB_API_URL: github.url,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, "baton start", 600);
  return {
    child,
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitForFirstCommand(tag, sentAt) {
  const deadline = Date.now() + SAMPLE_TIMEOUT_MS;
  while (!firstCommandAt.has(tag)) {
    if (Date.now() > deadline) throw new Error(`session ${tag} never ran its first command`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return firstCommandAt.get(tag) - sentAt;
}

/** A signed mention in a new thread; resolves with the ms until its first command ran. */
async function mention(baton, channel, tag) {
  const ts = newMessageTs();
  const { teamId, botUserId } = FAKE_SLACK_DEFAULTS;
  const envelope = buildAppMentionEvent({
    teamId,
    botUserId,
    channelId: channel,
    userId: "U0BENCH",
    text: `<@${botUserId}> run the tests ${tag}`,
    ts,
  });
  const sentAt = Date.now();
  const response = await postSlackEvent(`${baton.url}/slack/events`, envelope, {
    signingSecret: BENCH_SIGNING_SECRET,
  });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return waitForFirstCommand(tag, sentAt);
}

const tag = (kind, i) => `benchtag:${kind}:${i}:${randomBytes(3).toString("hex")}`;

/** `git clone --depth 1` of the same remote with the same token, then the same harness in the clone. */
async function baselineSample(harness, i) {
  const sentAt = Date.now();
  const dir = mkdtempSync(join(dataRoot, "clone-"));
  const token = github.issueInstallationToken(INSTALLATION);
  const header = `Authorization: Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;
  // Not execFileSync: the fake GitHub serving the clone runs in this process.
  await promisify(execFile)("git", [
    "-c",
    `http.extraHeader=${header}`,
    "clone",
    "--quiet",
    "--depth",
    "1",
    `${github.url}/acme/big.git`,
    dir,
  ]);
  const sampleTag = tag("baseline", i);
  const turn = {
    sessionId: sampleTag,
    workingDirectory: dir,
    writableRoots: [dir],
    network: false,
    model: MODEL,
    prompt: `run the tests ${sampleTag}`,
    deadlineMs: SAMPLE_TIMEOUT_MS,
  };
  for await (const _event of harness.runTurn(turn, AbortSignal.timeout(SAMPLE_TIMEOUT_MS))) {
    // drained: the time is the first command's, read by the model
  }
  rmSync(dir, { recursive: true, force: true });
  return waitForFirstCommand(sampleTag, sentAt);
}

const summary = (values) =>
  `p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms (n=${values.length})`;
const redis = new Redis(BENCH_REDIS_URL);
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}; repository of ${FILES + 1} files; baton start in its own process, fakes (Slack, GitHub with git over HTTP, the model) in this one`,
);
try {
  const harnessDir = newDataDir();
  const harness = createCodexHarness({
    model: { baseUrl: model.url, apiKey: MODEL_KEY },
    codexHome: join(harnessDir, "codex-home"),
    tempRoot: join(harnessDir, "codex-tmp"),
    threadStore: createRedisThreadStore({ redis, keys: createRedisKeys(`${prefix}-baseline`) }),
    logger: silentLogger,
    commandPath: process.env.PATH ?? "/usr/bin:/bin",
  });
  await baselineSample(harness, "warmup"); // the sandbox check runs once per process
  const baseline = [];
  for (let i = 0; i < WARM_SAMPLES; i++) baseline.push(await baselineSample(harness, i));

  const cold = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const baton = await startBaton();
    await mention(baton, "C0BENCHTINY", tag("process-warmup", i)); // the process's own first turn, not the store's
    cold.push(await mention(baton, CHANNEL, tag("cold", i)));
    await baton.stop();
  }

  const baton = await startBaton();
  await mention(baton, CHANNEL, tag("store-warmup", 0));
  const warm = [];
  for (let i = 0; i < WARM_SAMPLES; i++) warm.push(await mention(baton, CHANNEL, tag("warm", i)));

  const idleRss = rssMiB(baton.child.pid);
  let peakRss = idleRss;
  let peakTreeRss = treeRssMiB(baton.child.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB(baton.child.pid));
    peakTreeRss = Math.max(peakTreeRss, treeRssMiB(baton.child.pid));
  }, 200);
  await Promise.all(
    Array.from({ length: CONCURRENT_SESSIONS }, (_, i) => mention(baton, CHANNEL, tag("hold", i))),
  );
  await new Promise((resolve) => setTimeout(resolve, 4_000)); // the sessions' commands are still sleeping
  clearInterval(sampler);
  await baton.stop();

  const ratio = percentile(warm, 50) / percentile(baseline, 50);
  console.log(`baseline (git clone --depth 1 + codex in the clone): ${summary(baseline)}`);
  console.log(
    `baton, cold repository store: ${summary(cold)} · ratio to baseline p50 ${(percentile(cold, 50) / percentile(baseline, 50)).toFixed(2)}`,
  );
  console.log(
    `baton, warm repository store: ${summary(warm)} · ratio to baseline p50 ${ratio.toFixed(2)} · ${ratio <= TARGET_RATIO ? "meets" : "MISSES"} the ${TARGET_RATIO} target`,
  );
  console.log(
    `worker RSS: idle ${idleRss.toFixed(0)} MiB; with ${CONCURRENT_SESSIONS} sessions at once ${peakRss.toFixed(0)} MiB (Node), ${peakTreeRss.toFixed(0)} MiB with the codex processes and their commands`,
  );
  reportTarget({
    name: "session.warm_start_ratio",
    value: Number(ratio.toFixed(3)),
    target: `≤ ${TARGET_RATIO}`,
    met: ratio <= TARGET_RATIO,
  });
} finally {
  await model.close();
  await github.close();
  await slack.close();
  await flushPrefix(redis, prefix);
  await flushPrefix(redis, `${prefix}-baseline`);
  await redis.quit();
  for (const dir of [...dataDirs, repoDir, tinyDir]) rmSync(dir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
