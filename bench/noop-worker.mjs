// The dispatch benchmark's comparators: BullMQ workers on the same Redis as Baton, with Baton's
// worker concurrency. The no-op worker does nothing with its jobs. Given the fake Slack's URL, the
// calls-only worker makes, for each job, the seven Web API calls a Slack turn makes to keep the
// person posted (👀 on, the working message, its edit, the result, the working message's last
// edit, 👀 off, ✅ on), one after another, with undici's `request` on a keep-alive agent (Baton's
// own transport, without the SDK) and nothing else: the least CPU any worker could spend on a
// turn's visible replies. bench:dispatch adds a plan turn's one status line update, bench:sessions
// the progress calls its own turns made on average, and its GitHub and Linear jobs carry the calls
// one of Baton's turns made there, sent again as they were. Either prints when it took its first
// job and finished its last, once it is told to stop (SIGTERM).
import { Worker } from "bullmq";
import { Redis } from "ioredis";
import { Agent, request } from "undici";
import { createJobPacer } from "./sessions/job-pacer.mjs";

// node bench/noop-worker.mjs <redis url> <queue prefix> <queue name> <concurrency> [fake Slack API URL] [progress edits] [status calls] [progress span ms] [GitHub and Linear fakes, JSON] [relayed agent, JSON]
// (bench:sessions adds the progress a turn of its own made: that many more chat.update calls, edits
// of the working message, and assistant.threads.setStatus calls, updates of the thread's status line;
// with a span, those calls are spread evenly over it, as a turn streaming for that long makes them,
// so that the job is held as long as Baton's turn and its BullMQ lock is renewed meanwhile. With a
// relayed agent, `{ streamMs, everyMs }`, each paced job also runs bench:sessions' streaming agent,
// the one Baton's workers run, and makes the calls due while it streams on its statuses.)
const [
  redisUrl,
  prefix,
  queueName,
  concurrency,
  slackApiUrl,
  progressEdits = "0",
  statusCalls = "0",
  progressSpanMs = "0",
  platformsJson = "{}",
  relayedAgentJson = "",
] = process.argv.slice(2);
/** bench:sessions' streaming agent, `{ streamMs, everyMs }`, for a comparator that relays one beside its calls. */
const relayedAgent = relayedAgentJson ? JSON.parse(relayedAgentJson) : undefined;
/** A job's pacer; its relayed agent starts `agentAfterMs` into the job, when Baton's turn started its own. */
const pacerOfJob = ({ agentAfterMs = 0 }) =>
  createJobPacer({
    paced: Number(progressSpanMs) > 0,
    agent: relayedAgent && { ...relayedAgent, startAfterMs: agentAfterMs },
  });
/** bench:sessions' GitHub and Linear fakes: their URLs and credentials. */
const { githubUrl, githubToken, linearUrl, linearKey } = JSON.parse(platformsJson);
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
let firstAt = 0;
let lastAt = 0;
let processed = 0;
let cpuAtFirstMs = 0;
let cpuAtLastMs = 0;
const cpuNowMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const agent = new Agent();
/** One Web API call as `WebClient` sends it: a form-encoded POST with the token in a header. */
async function callSlack(method, fields) {
  const answer = await request(`${slackApiUrl}${method}`, {
    method: "POST",
    headers: {
      authorization: "Bearer xoxb-bench",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
    dispatcher: agent,
  });
  const reply = JSON.parse(await answer.body.text());
  if (!reply.ok) throw new Error(`${method}: ${reply.error}`);
  return reply;
}

/** A Slack turn's visible replies to the person's message `ts` in `channel`, and nothing else. */
async function postTurnReplies({ channel, ts }, pacer) {
  const thread = { channel, thread_ts: ts };
  await callSlack("reactions.add", { channel, timestamp: ts, name: "eyes" });
  const working = await callSlack("chat.postMessage", { ...thread, text: "Working on it…" });
  await callSlack("chat.update", { channel, ts: working.ts, text: "Working on it… in acme/api" });
  const progress = [
    ...Array.from(
      { length: Number(progressEdits) },
      (_, edit) => () =>
        callSlack("chat.update", { channel, ts: working.ts, text: `Working on it… step ${edit}` }),
    ),
    ...Array.from(
      { length: Number(statusCalls) },
      (_, update) => () =>
        callSlack("assistant.threads.setStatus", {
          channel_id: channel,
          thread_ts: ts,
          status: `is working: step ${update}`,
        }),
    ),
  ];
  const spanMs = Number(progressSpanMs);
  for (const [index, call] of progress.entries()) {
    await pacer.at((spanMs * (index + 1)) / (progress.length + 1));
    await call();
  }
  // The result once the span is over (a relayed agent's span ends with its stream).
  await pacer.at(spanMs);
  await callSlack("chat.postMessage", {
    ...thread,
    text: "Done: the plan for this request, and its share link",
  });
  await callSlack("chat.update", { channel, ts: working.ts, text: "Finished in acme/api" });
  await callSlack("reactions.remove", { channel, timestamp: ts, name: "eyes" });
  await callSlack("reactions.add", { channel, timestamp: ts, name: "white_check_mark" });
}

/** One call as sent: a JSON body (Octokit's and Linear's SDK's way), the credentials in a header. */
async function callJson(url, { method = "POST", authorization, body }) {
  const answer = await request(url, {
    method,
    headers: { authorization, "content-type": "application/json; charset=utf-8", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher: agent,
  });
  const text = await answer.body.text();
  if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${text}`);
  return text ? JSON.parse(text) : {};
}

/**
 * A GitHub turn's writes, sent again: its working comment is this job's own, so the comment id of
 * each edit is the one the fake gave the comment this job created.
 */
async function sendGithubCalls(calls, pacer) {
  let comment;
  for (const { afterMs, method, path, body } of calls) {
    await pacer.at(afterMs);
    const own =
      comment === undefined ? path : path.replace(/\/issues\/comments\/\d+$/, `/issues/comments/${comment}`);
    const answer = await callJson(`${githubUrl}${own}`, {
      method,
      authorization: `token ${githubToken}`,
      body,
    });
    if (method === "POST" && /\/issues\/\d+\/comments$/.test(path)) comment = answer.id;
  }
}

/** A Linear turn's operations, sent again: the same documents, with this job's issue and agent session. */
async function sendLinearCalls(calls, pacer) {
  for (const { afterMs, query, variables } of calls) {
    await pacer.at(afterMs);
    const answer = await callJson(linearUrl, { authorization: linearKey, body: { query, variables } });
    if (answer.errors) throw new Error(`Linear: ${JSON.stringify(answer.errors)}`);
  }
}

const worker = new Worker(
  queueName,
  async (job) => {
    if (!firstAt) {
      firstAt = Date.now();
      cpuAtFirstMs = cpuNowMs();
    }
    const pacer = pacerOfJob(job.data);
    if (job.data.platform === "github") await sendGithubCalls(job.data.calls, pacer);
    else if (job.data.platform === "linear") await sendLinearCalls(job.data.calls, pacer);
    else if (slackApiUrl) await postTurnReplies(job.data, pacer);
    await pacer.agentDone;
  },
  { connection, prefix, concurrency: Number(concurrency) },
);
let failed = 0;
worker.on("failed", () => {
  failed += 1;
});
worker.on("completed", () => {
  processed += 1;
  lastAt = Date.now();
  cpuAtLastMs = cpuNowMs();
});
process.on("SIGTERM", async () => {
  await worker.close();
  await connection.quit();
  process.stdout.write(
    `${JSON.stringify({ firstAt, lastAt, processed, failed, cpuMs: cpuAtLastMs - cpuAtFirstMs })}\n`,
  );
  process.exit(0);
});
