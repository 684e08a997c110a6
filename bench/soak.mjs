// npm run bench:soak — Baton under steady load for a long while: signed webhooks of all three
// platforms at a fixed rate through `baton gateway`, turns run by one `baton worker`, replies to the
// fake Slack, GitHub and Linear in this process. Reports RSS of both processes over time (growth
// after warm-up), errors, and Redis memory: the whole server's used_memory and what this run's
// prefix holds. BENCH_SOAK_S shortens it; BENCH_SOAK_RPS changes the rate.
//
// Baton runs with a short retention (BENCH_SOAK_RETENTION, default 60 s, allowed by
// BATON_ALLOW_SHORT_RETENTION=1) so that TTLs cycle within the run: once the first retention
// period and the warm-up are over, this run's Redis bytes must stay flat (within ±10 % of their
// mean over that window).
//
// Most platform deliveries are not requests for Baton (thread chatter, comments that do not mention
// it, Linear events of other kinds), as in a real workspace: the gateway verifies and parses each,
// keeps thread messages as context, and ignores the rest. BENCH_SOAK_TURNS_PER_S of them are turns.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import {
  buildAgentSessionEvent,
  buildAppMentionEvent,
  buildIssueCommentEvent,
  buildMessageEvent,
  FAKE_SLACK_DEFAULTS,
  signGithubWebhook,
  signLinearWebhook,
  signSlackRequest,
} from "@baton/testkit";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import {
  describeMachine,
  fleetEnv,
  LINEAR_WEBHOOK_SECRET,
  spawnBaton,
  startFakes,
  uniqueMessageTs,
  waitForWorkers,
} from "./baton-fleet.mjs";
import { BENCH_REDIS_URL, BENCH_SIGNING_SECRET, flushPrefix, reportTarget } from "./bench-support.mjs";

const DURATION_S = Number(process.env.BENCH_SOAK_S ?? 600);
const RATE_PER_S = Number(process.env.BENCH_SOAK_RPS ?? 200);
const TURNS_PER_S = Number(process.env.BENCH_SOAK_TURNS_PER_S ?? 10);
/** GitHub asks for a second between an App's writes: its turns stay few, its other deliveries many. */
const GITHUB_TURNS_PER_MIN = 6;
const SAMPLE_EVERY_S = Math.max(5, Math.round(DURATION_S / 20));
/** RSS is compared from the end of the warm-up (this share of the run) to the end. */
const WARMUP_SHARE = 0.2;
const DRAIN_S = 60;
const TICK_MS = 100;
const MAX_TURNS_PER_CONVERSATION = 5;
const TARGET_RSS_GROWTH = 0.1;
const RETENTION = process.env.BENCH_SOAK_RETENTION ?? "60s";
const RETENTION_S = parseRetentionSeconds(RETENTION);
/** Redis bytes may move this much around their mean once TTLs cycle. */
const TARGET_REDIS_SPREAD = 0.1;
const BOT = FAKE_SLACK_DEFAULTS.botUserId;
const REPO = "acme/api";
const GITHUB_INSTALLATION = 4242;

const redis = new Redis(BENCH_REDIS_URL, { maxRetriesPerRequest: null });
const fakes = await startFakes({ github: true });
fakes.github.setPermission(REPO, "octocat", "write");
const prefix = `bench-soak-${randomBytes(4).toString("hex")}`;
const envFor = () =>
  fleetEnv({ prefix, fakes, extra: { BATON_RETENTION: RETENTION, BATON_ALLOW_SHORT_RETENTION: "1" } });
const gatewayEnv = await envFor();
const url = `http://127.0.0.1:${gatewayEnv.PORT}`;

const counts = { sent: 0, turns: 0, non2xx: 0, failedRequests: 0, finals: 0, failedTurns: 0 };
const errorSamples = [];
const noteError = (what) => {
  if (errorSamples.length < 10) errorSamples.push(what);
};

// Final replies, counted where they arrive: Slack ✅/❌, GitHub's comment edited to the plan or a
// failure, Linear's response or error activity.
fakes.slack.onCall((call) => {
  if (call.method !== "reactions.add") return;
  if (call.body.name === "white_check_mark") counts.finals += 1;
  if (call.body.name === "x") counts.failedTurns += 1;
});
fakes.github.onCall((call) => {
  const body = String(call.body?.body ?? "");
  if (call.method !== "PATCH" && call.method !== "POST") return;
  if (body.includes("Plan (dry run")) counts.finals += 1;
  else if (body.includes("❌")) counts.failedTurns += 1;
});
let linearActivitiesRead = 0;
function readLinearFinals() {
  const { activities } = fakes.linear.store;
  for (; linearActivitiesRead < activities.length; linearActivitiesRead++) {
    const type = activities[linearActivitiesRead].content?.type;
    if (type === "response") counts.finals += 1;
    if (type === "error") counts.failedTurns += 1;
  }
}

// node:http with kept-alive sockets rather than fetch: the sender shares its process with the
// fakes, and fetch costs several times the CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function send(path, body, headers) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}${path}`,
      { method: "POST", agent, headers: { "content-type": "application/json", ...headers } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function post(path, body, headers) {
  counts.sent += 1;
  try {
    const status = await send(path, body, headers);
    if (status >= 300) {
      counts.non2xx += 1;
      noteError(`${path} → HTTP ${status}`);
    }
  } catch (error) {
    counts.failedRequests += 1;
    noteError(`${path} → ${error.message}`);
  }
}

const slackThreads = [];
const linearSessions = [];
let githubIssue = 0;
const person = fakes.linear.store.seedUser({ name: "Soak" });
const linearIssues = Array.from({ length: 20 }, (_, i) =>
  fakes.linear.store.seedIssue({ title: `Soak issue ${i}`, team: "ENG" }),
);

/** An open conversation of `list` that may take another turn, or null (then a new one starts). */
function followUp(list) {
  if (list.length === 0 || Math.random() < 0.5) return null;
  const conversation = list[Math.floor(Math.random() * list.length)];
  return conversation.turns < MAX_TURNS_PER_CONVERSATION ? conversation : null;
}

function postSlack(envelope) {
  const body = JSON.stringify(envelope);
  return post("/slack/events", body, signSlackRequest({ signingSecret: BENCH_SIGNING_SECRET, body }));
}

function slackTurn() {
  counts.turns += 1;
  let thread = followUp(slackThreads);
  const ts = uniqueMessageTs();
  if (!thread) {
    thread = { channel: `C0SOAK${slackThreads.length % 40}`, rootTs: ts, turns: 0 };
    slackThreads.push(thread);
    if (slackThreads.length > 500) slackThreads.shift();
  }
  thread.turns += 1;
  return postSlack(
    buildAppMentionEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      botUserId: BOT,
      channelId: thread.channel,
      userId: "U0SOAK",
      text: `<@${BOT}> soak turn ${counts.turns}`,
      ts,
      ...(thread.rootTs === ts ? {} : { threadTs: thread.rootTs }),
    }),
  );
}

/** A message in one of Baton's threads that does not mention it: kept as context for the next turn. */
function slackChatter() {
  const thread = slackThreads[Math.floor(Math.random() * slackThreads.length)];
  return postSlack(
    buildMessageEvent({
      teamId: FAKE_SLACK_DEFAULTS.teamId,
      channelId: thread?.channel ?? "C0SOAK0",
      userId: "U0SOAKPEER",
      text: `by the way, context number ${counts.sent}`,
      ...(thread ? { threadTs: thread.rootTs } : {}),
    }),
  );
}

/** A signed issue_comment delivery on `number`, with a delivery id of its own. */
function signedComment(number, commentId, text) {
  const { event, payload } = buildIssueCommentEvent({
    repo: REPO,
    installationId: GITHUB_INSTALLATION,
    sender: { login: "octocat" },
    number,
    commentId,
    body: text,
  });
  const body = JSON.stringify(payload);
  return { body, headers: signGithubWebhook({ secret: fakes.github.app.webhookSecret, event, body }) };
}

/** Comments without a mention, signed once each (GitHub's payloads are large). */
const githubChatter = Array.from({ length: 50 }, (_, i) =>
  signedComment(1 + i, 50_000 + i, `looks good to me (${i})`),
);

function githubComment(mention) {
  githubIssue += 1;
  let delivery = githubChatter[githubIssue % githubChatter.length];
  if (mention) {
    counts.turns += 1;
    delivery = signedComment(10_000 + githubIssue, 100_000 + githubIssue, `@baton soak turn ${counts.turns}`);
  }
  return post("/api/github/webhooks", delivery.body, {
    ...delivery.headers,
    "x-github-delivery": randomBytes(8).toString("hex"),
  });
}

function postLinear(payload) {
  const body = JSON.stringify(payload);
  return post(
    "/linear/webhooks",
    body,
    signLinearWebhook({ secret: LINEAR_WEBHOOK_SECRET, body, event: payload.type }),
  );
}

function linearTurn() {
  counts.turns += 1;
  let session = followUp(linearSessions);
  const created = !session;
  if (!session) {
    const issue = linearIssues[linearSessions.length % linearIssues.length];
    session = { issue, id: fakes.linear.store.seedAgentSession(issue.id).id, turns: 0 };
    linearSessions.push(session);
    if (linearSessions.length > 200) linearSessions.shift();
  }
  session.turns += 1;
  return postLinear(
    buildAgentSessionEvent(created ? "created" : "prompted", {
      store: fakes.linear.store,
      issue: session.issue,
      agentSessionId: session.id,
      creatorId: person.id,
      ...(created ? { promptContext: "<issue>soak</issue>" } : { body: `soak turn ${counts.turns}` }),
    }),
  );
}

/** A Linear webhook of a kind Baton does not act on (an issue changed). */
function linearOther() {
  return postLinear({
    type: "Issue",
    action: "update",
    createdAt: new Date().toISOString(),
    organizationId: fakes.linear.store.organization.id,
    webhookTimestamp: Date.now(),
    data: { id: linearIssues[0].id, title: "Soak issue" },
  });
}

/** What the n-th delivery of a second is: turns first, the rest spread over the platforms. */
function deliveryFor(index, turnsNow, githubTurnDue) {
  if (index === 0 && githubTurnDue) return () => githubComment(true);
  if (index < turnsNow) return index % 4 === 3 ? linearTurn : slackTurn;
  const kind = index % 10;
  if (kind < 4) return slackChatter;
  if (kind < 7) return () => githubComment(false);
  return linearOther;
}

function rssBytes(pid) {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** This run's keys and bytes: all of them, and BullMQ's (under the hash-tagged prefix) apart. */
async function prefixMemory() {
  let keys = 0;
  let bytes = 0;
  let queueBytes = 0;
  for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
    let cursor = "0";
    do {
      const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      cursor = next;
      keys += found.length;
      const pipeline = redis.pipeline();
      for (const key of found) pipeline.memory("USAGE", key);
      for (const [, used] of (await pipeline.exec()) ?? []) {
        bytes += Number(used ?? 0);
        if (pattern.startsWith("{")) queueBytes += Number(used ?? 0);
      }
    } while (cursor !== "0");
  }
  return { keys, bytes, queueBytes };
}

function parseRetentionSeconds(text) {
  const match = /^(\d+)([dhms]?)$/.exec(text);
  if (!match) throw new Error(`BENCH_SOAK_RETENTION: expected a duration such as 60s or 5m, got ${text}`);
  return Number(match[1]) * { d: 86_400, h: 3_600, m: 60, s: 1, "": 86_400 }[match[2]];
}

const mb = (bytes) => (bytes / 2 ** 20).toFixed(1);

console.log(await describeMachine(redis));
console.log(
  `soak: ${DURATION_S} s at ${RATE_PER_S} signed webhooks/s over Slack, GitHub and Linear (${TURNS_PER_S} turns/s, the rest thread chatter, comments without a mention and other Linear events), \`baton gateway\` + \`baton worker\`, plan backend, BATON_RETENTION=${RETENTION}`,
);
const gateway = await spawnBaton("gateway", gatewayEnv);
const worker = await spawnBaton("worker", await envFor());
const turnsQueue = new Queue(`${prefix}-turns`, { connection: redis, prefix: `{${prefix}}` });
const samples = [];
try {
  await waitForWorkers(turnsQueue, 1);
  const startedAt = Date.now();
  let tick = 0;
  let sent = 0;
  let turnsSent = 0;
  let githubTurnsSent = 0;
  const inFlight = new Set();
  let nextSampleAt = startedAt;
  while (Date.now() - startedAt < DURATION_S * 1000) {
    // As many as the rate asks for by now: a tick that came late catches up.
    const elapsedS = (Date.now() - startedAt) / 1000;
    const sends = Math.floor(elapsedS * RATE_PER_S) - sent;
    const turns = Math.min(sends, Math.floor(elapsedS * TURNS_PER_S) - turnsSent);
    const githubTurnDue = sends > 0 && Math.floor((elapsedS * GITHUB_TURNS_PER_MIN) / 60) >= githubTurnsSent;
    sent += sends;
    turnsSent += turns;
    if (githubTurnDue) githubTurnsSent += 1;
    for (let i = 0; i < sends; i++) {
      const work = deliveryFor(i, turns, githubTurnDue)().finally(() => inFlight.delete(work));
      inFlight.add(work);
    }
    tick += 1;
    if (Date.now() >= nextSampleAt) {
      nextSampleAt += SAMPLE_EVERY_S * 1000;
      readLinearFinals();
      const memory = await prefixMemory();
      const info = await redis.info("memory");
      const sample = {
        s: Math.round((Date.now() - startedAt) / 1000),
        gatewayRss: rssBytes(gateway.child.pid),
        workerRss: rssBytes(worker.child.pid),
        redisUsed: Number(info.match(/used_memory:(\d+)/)?.[1]),
        prefixKeys: memory.keys,
        prefixBytes: memory.bytes,
        queueBytes: memory.queueBytes,
        turns: counts.turns,
        finals: counts.finals,
      };
      samples.push(sample);
      console.log(
        `${String(sample.s).padStart(5)} s · gateway RSS ${mb(sample.gatewayRss)} MB · worker RSS ${mb(sample.workerRss)} MB · Redis used_memory ${mb(sample.redisUsed)} MB (this run: ${sample.prefixKeys} keys, ${mb(sample.prefixBytes)} MB, of which BullMQ ${mb(sample.queueBytes)} MB) · turns ${sample.turns} sent, ${sample.finals} answered · load ${loadavg()[0].toFixed(1)}`,
      );
    }
    const nextTickAt = startedAt + tick * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextTickAt - Date.now())));
  }
  const sentSeconds = (Date.now() - startedAt) / 1000;
  await Promise.all(inFlight);
  const drainDeadline = Date.now() + DRAIN_S * 1000;
  while (Date.now() < drainDeadline) {
    readLinearFinals();
    if (counts.finals + counts.failedTurns >= counts.turns) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  readLinearFinals();
  await report(sentSeconds);
  await reportQueueBounds();
} finally {
  agent.destroy();
  await gateway.stop();
  await worker.stop();
  await turnsQueue.close();
  await flushPrefix(redis, prefix);
  await redis.quit();
  await fakes.close();
}

/** BullMQ's share of this run's bytes, and the bounds that hold it: events trimmed, finished jobs capped. */
async function reportQueueBounds() {
  const base = `{${prefix}}:${prefix}-turns`;
  const [events, completed, failed] = await Promise.all([
    redis.xlen(`${base}:events`),
    redis.zcard(`${base}:completed`),
    redis.zcard(`${base}:failed`),
  ]);
  console.log(
    `BullMQ: events stream ${events} entries (trimmed to about 10,000), ${completed} completed jobs kept (at most 1,000, none older than the turn records once later jobs finish), ${failed} failed`,
  );
}

async function report(sentSeconds) {
  const warm = samples.find((sample) => sample.s >= DURATION_S * WARMUP_SHARE) ?? samples[0];
  const last = samples[samples.length - 1];
  const growth = (key) => (last[key] - warm[key]) / warm[key];
  const unanswered = counts.turns - counts.finals - counts.failedTurns;
  const errors = counts.non2xx + counts.failedRequests + counts.failedTurns + Math.max(0, unanswered);
  const rssOk = growth("gatewayRss") <= TARGET_RSS_GROWTH && growth("workerRss") <= TARGET_RSS_GROWTH;
  // TTLs cycle from one retention after the start; the warm-up comes on top of it.
  const steadyFromS = RETENTION_S + DURATION_S * WARMUP_SHARE;
  const steady = samples.filter((sample) => sample.s >= steadyFromS);
  const meanBytes = steady.reduce((sum, sample) => sum + sample.prefixBytes, 0) / Math.max(1, steady.length);
  const spread = (sample) => (sample.prefixBytes - meanBytes) / meanBytes;
  const widest = steady.reduce(
    (most, sample) => (Math.abs(spread(sample)) > Math.abs(spread(most)) ? sample : most),
    steady[0],
  );
  const redisOk = steady.length >= 3 && Math.abs(spread(widest)) <= TARGET_REDIS_SPREAD;
  console.log(
    `\nsent ${counts.sent} deliveries in ${sentSeconds.toFixed(0)} s (${(counts.sent / sentSeconds).toFixed(0)}/s), ${counts.turns} of them turns; ${counts.finals} final replies`,
  );
  console.log(
    `RSS growth from ${warm.s} s to ${last.s} s: gateway ${(growth("gatewayRss") * 100).toFixed(1)}%, worker ${(growth("workerRss") * 100).toFixed(1)}% (target ≤ ${TARGET_RSS_GROWTH * 100}%) → ${rssOk ? "PASS" : "FAIL"}`,
  );
  console.log(
    `errors: ${counts.non2xx} non-2xx, ${counts.failedRequests} failed requests, ${counts.failedTurns} failed turns, ${Math.max(0, unanswered)} turns unanswered (target 0) → ${errors === 0 ? "PASS" : "FAIL"}${errorSamples.length ? `; e.g. ${errorSamples.join("; ")}` : ""}`,
  );
  console.log(
    `Redis: used_memory ${mb(warm.redisUsed)} → ${mb(last.redisUsed)} MB (the whole server, shared with anything else on it); this run's keys ${warm.prefixKeys} → ${last.prefixKeys}, ${mb(warm.prefixBytes)} → ${mb(last.prefixBytes)} MB`,
  );
  console.log(
    steady.length < 3
      ? `Redis flat once TTLs cycle: too few samples after ${steadyFromS} s (retention ${RETENTION_S} s + warm-up); run longer → FAIL`
      : `Redis flat once TTLs cycle (retention ${RETENTION_S} s + warm-up, from ${steadyFromS} s, ${steady.length} samples): this run's bytes ${mb(Math.min(...steady.map((s) => s.prefixBytes)))}–${mb(Math.max(...steady.map((s) => s.prefixBytes)))} MB, mean ${mb(meanBytes)} MB, widest ${(spread(widest) * 100).toFixed(1)}% at ${widest.s} s (target within ±${TARGET_REDIS_SPREAD * 100}%) → ${redisOk ? "PASS" : "FAIL"}`,
  );
  console.log(await describeMachine(redis));
  const rssGrowth = Math.max(growth("gatewayRss"), growth("workerRss"));
  reportTarget({ name: "soak: RSS growth", value: rssGrowth, target: `≤ ${TARGET_RSS_GROWTH}`, met: rssOk });
  reportTarget({ name: "soak: errors", value: errors, target: "0", met: errors === 0 });
  reportTarget({
    name: "soak: Redis bytes' widest spread once TTLs cycle",
    value: steady.length >= 3 ? spread(widest) : null,
    target: `within ±${TARGET_REDIS_SPREAD}`,
    met: redisOk,
  });
}
