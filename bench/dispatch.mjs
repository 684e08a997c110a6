// npm run bench:dispatch — how fast Baton's workers turn queued requests into replies.
//
// 20,000 turns over 2,000 conversations (Slack threads and Linear agent sessions) go in as signed
// webhooks through `baton gateway` while no worker runs, so that the backlog is all queued by the
// real intake. Then `baton worker` processes start, and the clock runs from their first act (the
// dispatcher's first acknowledgement reaching a fake platform) to the last final reply: the path
// measured is dispatcher → BullMQ → conversation gate → turn runner (`plan` backend) → repliers →
// fake Slack and Linear over HTTP. Neither the gateway nor process start-up is on the clock.
//
// The comparators, in the same run on the same Redis, with the same concurrency, each draining
// the same number of jobs added beforehand, clocked from its first job to its last: a BullMQ
// worker that does nothing, and one that makes only a Slack plan turn's eight Web API calls to the
// same fake (the least any worker could do to keep the person posted). Run with one and with two worker
// processes. The CPU of every process a turn keeps busy (workers, Redis, the fakes in this
// process) is printed per turn beside what the machine's cores allow at the target rate.
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import { WORKER_CONCURRENCY } from "@baton/queue";
import {
  buildAgentSessionEvent,
  buildAppMentionEvent,
  FAKE_SLACK_DEFAULTS,
  postSlackEvent,
  signLinearWebhook,
} from "@baton/testkit";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import {
  cpuMs,
  describeMachine,
  fleetEnv,
  inPool,
  LINEAR_WEBHOOK_SECRET,
  localRedisPid,
  spawnBaton,
  startFakes,
  uniqueMessageTs,
  waitForWorkers,
} from "./baton-fleet.mjs";
import { BENCH_REDIS_URL, BENCH_SIGNING_SECRET, flushPrefix, reportTarget } from "./bench-support.mjs";
import { startNoopWorkers } from "./comparator-workers.mjs";
import {
  countPlatformCalls,
  countsBetween,
  describePerTurn,
  redisCommandCounts,
} from "./dispatch-counts.mjs";

const TURNS = Number(process.env.BENCH_TURNS ?? 20_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 2_000);
/** One conversation in this many is a Linear agent session; the rest are Slack threads. */
const LINEAR_EVERY = Number(process.env.BENCH_LINEAR_EVERY ?? 10);
const CONCURRENCY = Number(process.env.BENCH_WORKER_CONCURRENCY ?? WORKER_CONCURRENCY);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2").split(",").map(Number);
const SEND_IN_FLIGHT = 32;
const SLACK_CHANNELS = 50;
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 600) * 1000;
const TARGET_TURNS_PER_S = 1_000;
/** Issue 26: a turn may cost the worker at most this many times the calls-only worker's CPU per job. */
const TARGET_CPU_RATIO = 2;
const BOT = FAKE_SLACK_DEFAULTS.botUserId;
const root = fileURLToPath(new URL("..", import.meta.url));

/** A fixed-seed shuffle, so that every run sends the same interleaving. */
function shuffled(items, seed = 42) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The turns to send: each conversation's in order, conversations interleaved at random. */
function planTurns() {
  const conversations = Array.from({ length: CONVERSATIONS }, (_, c) => ({
    index: c,
    platform: c % LINEAR_EVERY === 0 ? "linear" : "slack",
    turns: Math.floor(TURNS / CONVERSATIONS) + (c < TURNS % CONVERSATIONS ? 1 : 0),
    sent: 0,
    pending: Promise.resolve(),
  }));
  const slots = conversations.flatMap((conversation) => Array(conversation.turns).fill(conversation));
  return { conversations, order: shuffled(slots) };
}

/** Queues every turn through the gateway, one request in flight per conversation, so order is kept. */
async function fillThroughGateway(url, fakes, { conversations, order }) {
  const { linear } = fakes;
  const person = linear.store.seedUser({ name: `Bench${randomBytes(2).toString("hex")}` });
  for (const conversation of conversations) {
    conversation.sent = 0;
    conversation.messageTs = [];
    if (conversation.platform === "slack") {
      conversation.channel = `C0DISP${conversation.index % SLACK_CHANNELS}`;
      conversation.rootTs = uniqueMessageTs();
    } else {
      conversation.issue = linear.store.seedIssue({
        title: `Bench issue ${conversation.index}`,
        team: "ENG",
      });
      conversation.agentSessionId = linear.store.seedAgentSession(conversation.issue.id).id;
    }
  }
  let refused = 0;
  const send = async (conversation) => {
    const turn = conversation.sent++;
    const status =
      conversation.platform === "slack"
        ? await sendSlack(url, conversation, turn)
        : await sendLinear(url, linear, person, conversation, turn);
    if (status !== 200) refused += 1;
  };
  const startedAt = Date.now();
  await inPool(order, SEND_IN_FLIGHT, (conversation) => {
    conversation.pending = conversation.pending.then(() => send(conversation));
    return conversation.pending;
  });
  return { seconds: (Date.now() - startedAt) / 1000, refused };
}

async function sendSlack(url, conversation, turn) {
  const ts = turn === 0 ? conversation.rootTs : uniqueMessageTs();
  conversation.messageTs.push(ts);
  const envelope = buildAppMentionEvent({
    teamId: FAKE_SLACK_DEFAULTS.teamId,
    botUserId: BOT,
    channelId: conversation.channel,
    userId: `U0BENCH${conversation.index % 100}`,
    text: `<@${BOT}> bench conversation ${conversation.index} turn ${turn}`,
    ts,
    ...(turn === 0 ? {} : { threadTs: conversation.rootTs }),
  });
  const { status } = await postSlackEvent(`${url}/slack/events`, envelope, {
    signingSecret: BENCH_SIGNING_SECRET,
  });
  return status;
}

async function sendLinear(url, linear, person, conversation, turn) {
  const payload = buildAgentSessionEvent(turn === 0 ? "created" : "prompted", {
    store: linear.store,
    issue: conversation.issue,
    agentSessionId: conversation.agentSessionId,
    creatorId: person.id,
    ...(turn === 0
      ? { promptContext: `<issue>bench conversation ${conversation.index}</issue>` }
      : { body: `bench conversation ${conversation.index} turn ${turn}` }),
  });
  const body = JSON.stringify(payload);
  const headers = signLinearWebhook({ secret: LINEAR_WEBHOOK_SECRET, body, event: payload.type });
  const response = await fetch(`${url}/linear/webhooks`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Watches the fakes for final replies: on Slack the ✅ (or ❌) on the person's message, the last
 * thing a turn does; on Linear the `response` (or `error`) activity.
 */
function watchReplies(fakes, { conversations }, onFirstAct) {
  const slackTurns = new Map();
  for (const conversation of conversations)
    for (const [turn, ts] of (conversation.messageTs ?? []).entries())
      slackTurns.set(ts, { conversation, turn });
  const finals = new Map();
  const outOfOrder = [];
  let failed = 0;
  let firstActAt = 0;
  let lastFinalAt = 0;
  const lastTurnOf = new Map();
  const finalsOf = { slack: 0, linear: 0 };
  const recordFinal = (key, conversation, turn, at) => {
    if (!finals.has(key)) finalsOf[conversation.platform] += 1;
    finals.set(key, (finals.get(key) ?? 0) + 1);
    lastFinalAt = Math.max(lastFinalAt, at);
    if ((lastTurnOf.get(conversation) ?? -1) > turn) outOfOrder.push(`${conversation.index}:${turn}`);
    lastTurnOf.set(conversation, turn);
  };
  const unsubscribe = fakes.slack.onCall((call) => {
    if (call.method !== "reactions.add") return;
    if (!firstActAt) {
      firstActAt = call.at;
      onFirstAct();
    }
    const name = call.body.name;
    if (name !== "white_check_mark" && name !== "x") return;
    if (name === "x") failed += 1;
    const turn = slackTurns.get(call.body.timestamp);
    if (turn) recordFinal(call.body.timestamp, turn.conversation, turn.turn, call.at);
  });
  const linearSessions = new Map(
    conversations.filter((c) => c.agentSessionId).map((c) => [c.agentSessionId, c]),
  );
  const responsesSeen = new Map();
  let activitiesRead = fakes.linear.store.activities.length;
  const readLinear = () => {
    const { activities } = fakes.linear.store;
    for (; activitiesRead < activities.length; activitiesRead++) {
      const activity = activities[activitiesRead];
      const conversation = linearSessions.get(activity.agentSessionId);
      if (!conversation) continue;
      if (!firstActAt) {
        firstActAt = Date.now();
        onFirstAct();
      }
      const type = activity.content?.type;
      if (type !== "response" && type !== "error") continue;
      if (type === "error") failed += 1;
      const turn = responsesSeen.get(conversation) ?? 0;
      responsesSeen.set(conversation, turn + 1);
      recordFinal(`${activity.agentSessionId}:${turn}`, conversation, turn, Date.now());
    }
  };
  return {
    count() {
      readLinear();
      return finals.size;
    },
    summary() {
      readLinear();
      const repeated = [...finals.values()].filter((n) => n > 1).length;
      return { firstActAt, lastFinalAt, finals: finals.size, finalsOf, repeated, outOfOrder, failed };
    },
    close: unsubscribe,
  };
}

async function countSessions(redis, prefix) {
  let count = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:session:*`, "COUNT", 1000);
    count += keys.filter((key) => key.endsWith("}")).length;
    cursor = next;
  } while (cursor !== "0");
  return count;
}

async function runBaton(redis, redisPid, fakes, workers) {
  const prefix = `bench-dispatch-${randomBytes(4).toString("hex")}`;
  const plan = planTurns();
  const envFor = () => fleetEnv({ prefix, fakes, extra: { BATON_WORKER_CONCURRENCY: String(CONCURRENCY) } });
  const gatewayEnv = await envFor();
  const gateway = await spawnBaton("gateway", gatewayEnv);
  let fill;
  try {
    fill = await fillThroughGateway(`http://127.0.0.1:${gatewayEnv.PORT}`, fakes, plan);
  } finally {
    await gateway.stop();
  }
  const processes = [];
  const redisCounts = redisCommandCounts();
  const platformCalls = countPlatformCalls(fakes);
  const countsNow = () => ({ redis: redisCounts.read(), calls: platformCalls.read() });
  let countsAtFirstAct = countsNow();
  const workerCpuMs = () => processes.reduce((sum, p) => sum + cpuMs(p.child.pid), 0);
  // Every process a turn keeps busy is counted, so that the figures say whether the machine as a
  // whole could give a turn what it costs at the target rate, not only the worker.
  const cpuNow = () => ({
    worker: workerCpuMs(),
    redis: cpuMs(redisPid),
    // This process: the fake platforms answering the workers' calls.
    fakes: cpuMs(process.pid),
  });
  let cpuAtFirstAct = cpuNow();
  const watcher = watchReplies(fakes, plan, () => {
    cpuAtFirstAct = cpuNow();
    countsAtFirstAct = countsNow();
  });
  const turnsQueue = new Queue(`${prefix}-turns`, { connection: redis, prefix: `{${prefix}}` });
  try {
    for (let i = 0; i < workers; i++)
      processes.push(
        await spawnBaton(
          "worker",
          { ...(await envFor()), ...redisCounts.env },
          { nodeArgs: redisCounts.nodeArgs },
        ),
      );
    await waitForWorkers(turnsQueue, workers);
    const expected = TURNS - fill.refused;
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (watcher.count() < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const summary = watcher.summary();
    const cpuAtEnd = cpuNow();
    const perTurn = (part) => (cpuAtEnd[part] - cpuAtFirstAct[part]) / summary.finals;
    const cpuPerTurnMs = perTurn("worker");
    const redisCpuPerTurnMs = perTurn("redis");
    const fakesCpuPerTurnMs = perTurn("fakes");
    // The workers write their Redis tallies every 100 ms: the last one of the run is read after.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const countsAtEnd = countsNow();
    const redisCommands = countsBetween(countsAtFirstAct.redis, countsAtEnd.redis);
    const calls = countsBetween(countsAtFirstAct.calls, countsAtEnd.calls);
    const sessions = await countSessions(redis, prefix);
    const seconds = (summary.lastFinalAt - summary.firstActAt) / 1000;
    return {
      ...summary,
      expected,
      sessions,
      seconds,
      fill,
      cpuPerTurnMs,
      redisCpuPerTurnMs,
      fakesCpuPerTurnMs,
      redisCommands,
      calls,
      perS: summary.finals / seconds,
    };
  } finally {
    watcher.close();
    platformCalls.close();
    await Promise.all(processes.map((p) => p.stop()));
    redisCounts.remove();
    await turnsQueue.close();
    await flushPrefix(redis, prefix);
  }
}

/**
 * A comparator: BullMQ workers (`bench/noop-worker.mjs`) draining TURNS jobs added beforehand.
 * With `slack`, each job makes only the eight Web API calls of a Slack plan turn to that fake, on a
 * person's message seeded for it; without, each does nothing.
 */
async function runComparator(redis, workers, slack) {
  const prefix = `bench-${slack ? "calls" : "noop"}-${randomBytes(4).toString("hex")}`;
  const queueName = `${prefix}-jobs`;
  const queue = new Queue(queueName, { connection: redis, prefix: `{${prefix}}` });
  const personMessage = (index) => {
    if (!slack) return {};
    const channel = `C0CALLS${index % SLACK_CHANNELS}`;
    return {
      channel,
      ts: slack.seedMessage({ channel, text: `<@${BOT}> job ${index}`, user: "U0BENCH" }).ts,
    };
  };
  try {
    for (let added = 0; added < TURNS; added += 1_000) {
      const batch = Math.min(1_000, TURNS - added);
      await queue.addBulk(
        Array.from({ length: batch }, (_, i) => ({
          name: "turn",
          data: {
            version: 1,
            turnId: `t${added + i}`,
            conversationKey: `c${(added + i) % CONVERSATIONS}`,
            ...personMessage(added + i),
          },
          opts: { jobId: `t${added + i}`, removeOnComplete: { count: 1_000 } },
        })),
      );
    }
    const args = [
      BENCH_REDIS_URL,
      `{${prefix}}`,
      queueName,
      String(CONCURRENCY),
      // The plan backend reports one status a turn, which Slack shows on the thread's status line:
      // no progress edit, one assistant.threads.setStatus (the run prints the calls Baton made).
      ...(slack ? [slack.url, "0", "1"] : []),
    ];
    // BENCH_NODE_ARGS (a profile, say) applies to the comparators too, so that they compare.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    const comparators = startNoopWorkers({ root, count: workers, args, nodeArgs });
    const reports = await comparators.drainAndStop(queue, DRAIN_TIMEOUT_MS);
    const firstAt = Math.min(...reports.map((r) => r.firstAt).filter(Boolean));
    const lastAt = Math.max(...reports.map((r) => r.lastAt));
    const processed = reports.reduce((sum, r) => sum + r.processed, 0);
    const seconds = (lastAt - firstAt) / 1000;
    const cpuPerJobMs = reports.reduce((sum, r) => sum + r.cpuMs, 0) / processed;
    const failed = reports.reduce((sum, r) => sum + (r.failed ?? 0), 0);
    return { processed, failed, seconds, cpuPerJobMs, perS: processed / seconds };
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    await flushPrefix(redis, prefix);
  }
}

const redis = new Redis(BENCH_REDIS_URL, { maxRetriesPerRequest: null });
const fakes = await startFakes();
const redisPid = await localRedisPid(redis, BENCH_REDIS_URL);
console.log(await describeMachine(redis));
console.log(
  `dispatch: ${TURNS} turns over ${CONVERSATIONS} conversations (1 in ${LINEAR_EVERY} a Linear agent session, the rest Slack threads), plan backend, worker concurrency ${CONCURRENCY}; queued through \`baton gateway\` first, then drained by \`baton worker\``,
);
try {
  const results = [];
  for (const workers of WORKER_COUNTS) {
    const baseline = await runComparator(redis, workers);
    console.log(
      `\nno-op BullMQ worker × ${workers}: ${baseline.processed} jobs in ${baseline.seconds.toFixed(2)} s → ${baseline.perS.toFixed(0)} jobs/s · ${baseline.cpuPerJobMs.toFixed(2)} ms CPU per job`,
    );
    const describeCallsOnly = (run, when) =>
      `calls-only BullMQ worker × ${workers} (a Slack plan turn's 8 Web API calls to the fake, nothing else), ${when}: ${run.processed} jobs in ${run.seconds.toFixed(2)} s → ${run.perS.toFixed(0)} jobs/s · ${run.cpuPerJobMs.toFixed(2)} ms CPU per job · failed ${run.failed}`;
    const callsOnly = await runComparator(redis, workers, fakes.slack);
    console.log(describeCallsOnly(callsOnly, "before Baton"));
    const baton = await runBaton(redis, redisPid, fakes, workers);
    results.push({ workers, baton, baseline, callsOnly });
    console.log(
      `baton worker × ${workers}: ${baton.finals}/${baton.expected} final replies in ${baton.seconds.toFixed(2)} s → ${baton.perS.toFixed(0)} turns/s · ratio to no-op ${(baton.perS / baseline.perS).toFixed(2)} · ${baton.cpuPerTurnMs.toFixed(2)} ms worker CPU per turn (${(baton.cpuPerTurnMs / baseline.cpuPerJobMs).toFixed(0)}× a no-op job) · sessions ${baton.sessions}/${CONVERSATIONS} · replies repeated ${baton.repeated} · out of order ${baton.outOfOrder.length} · failed ${baton.failed} · (queued at ${(TURNS / baton.fill.seconds).toFixed(0)}/s through the gateway, ${baton.fill.refused} refused)`,
    );
    const together = baton.cpuPerTurnMs + baton.redisCpuPerTurnMs + baton.fakesCpuPerTurnMs;
    console.log(
      `  CPU per turn: worker ${baton.cpuPerTurnMs.toFixed(2)} ms · Redis ${baton.redisCpuPerTurnMs.toFixed(2)} ms · fake Slack and Linear ${baton.fakesCpuPerTurnMs.toFixed(2)} ms · together ${together.toFixed(2)} ms (${TARGET_TURNS_PER_S} turns/s on ${cpus().length} cores leaves ${((cpus().length * 1000) / TARGET_TURNS_PER_S).toFixed(2)} ms a turn for all of them, and 1 ms for any one process)`,
    );
    const slackOnly = (name) => name.startsWith("slack ");
    const linearOnly = (name) => name.startsWith("linear ");
    const pick = (filter) => Object.fromEntries(Object.entries(baton.calls).filter(([name]) => filter(name)));
    console.log(
      `  a turn asks: Redis ${describePerTurn(baton.redisCommands, baton.finals, { top: process.env.BENCH_REDIS_COUNT_KEYS === "1" ? 80 : 8 })} commands from the worker · a Slack turn ${describePerTurn(pick(slackOnly), baton.finalsOf.slack, { strip: "slack " })} Web API calls · a Linear turn ${describePerTurn(pick(linearOnly), baton.finalsOf.linear, { strip: "linear " })} GraphQL requests`,
    );
    // Run again after Baton, and Baton compared with the mean of both: on a shared machine the
    // CPU a job costs drifts with what else runs, and Baton's run lies between the two.
    const callsOnlyAfter = await runComparator(redis, workers, fakes.slack);
    console.log(describeCallsOnly(callsOnlyAfter, "after Baton"));
    const callsOnlyCpuMs = (callsOnly.cpuPerJobMs + callsOnlyAfter.cpuPerJobMs) / 2;
    const cpuRatio = baton.cpuPerTurnMs / callsOnlyCpuMs;
    console.log(
      `  worker CPU per turn / calls-only CPU per job × ${workers}: ${cpuRatio.toFixed(2)} (target ≤ ${TARGET_CPU_RATIO.toFixed(1)}; against the run before Baton ${(baton.cpuPerTurnMs / callsOnly.cpuPerJobMs).toFixed(2)}, after ${(baton.cpuPerTurnMs / callsOnlyAfter.cpuPerJobMs).toFixed(2)})`,
    );
    reportTarget({
      name: `dispatch: worker CPU per turn / calls-only × ${workers}`,
      value: Number(cpuRatio.toFixed(2)),
      target: `≤ ${TARGET_CPU_RATIO}`,
      met: cpuRatio <= TARGET_CPU_RATIO,
    });
    console.log(await describeMachine(redis));
  }
  const one = results.find((r) => r.workers === 1);
  const two = results.find((r) => r.workers === 2);
  if (one) {
    const meets = one.baton.perS >= TARGET_TURNS_PER_S;
    console.log(
      `\none worker: ${one.baton.perS.toFixed(0)} turns/s (target ≥ ${TARGET_TURNS_PER_S}) → ${meets ? "meets the target" : "BELOW the target"}; a worker making only a Slack turn's Web API calls: ${one.callsOnly.perS.toFixed(0)} jobs/s`,
    );
    reportTarget({
      name: "dispatch: turns/s with one worker",
      value: Math.round(one.baton.perS),
      target: `≥ ${TARGET_TURNS_PER_S}`,
      met: meets,
    });
  }
  if (one && two)
    console.log(
      `two workers / one: ${(two.baton.perS / one.baton.perS).toFixed(2)} (no-op BullMQ: ${(two.baseline.perS / one.baseline.perS).toFixed(2)}; linear would be 2.00)`,
    );
} finally {
  await fakes.close();
  await redis.quit();
}
