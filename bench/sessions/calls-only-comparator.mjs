// bench:sessions' comparator: BullMQ workers (bench/noop-worker.mjs) that make, for each job, the
// seven Web API calls of a Slack turn plus the progress calls Baton's Slack turns made on average
// (`progressEdits` chat.update calls, `statusCalls` assistant.threads.setStatus calls) to a fake
// Slack without limits, and nothing else; its CPU per job, measured in the same run as Baton's.
// With `spanMs`, each job spreads its progress calls over that long, as a streaming turn does (its
// job held, its BullMQ lock renewed, its sockets idle between calls); without, it makes them back
// to back, the least any worker could spend on those calls.
import { randomBytes } from "node:crypto";
import { FAKE_SLACK_DEFAULTS, startFakeSlack } from "@baton/testkit";
import { Queue } from "bullmq";
import { BENCH_REDIS_URL, flushPrefix } from "../bench-support.mjs";
import { startNoopWorkers } from "../comparator-workers.mjs";

export async function runCallsOnly({
  redis,
  sessions,
  concurrency,
  workers,
  progressEdits,
  statusCalls,
  spanMs = 0,
  root,
}) {
  const slack = await startFakeSlack();
  const prefix = `bench-sessions-calls-${randomBytes(4).toString("hex")}`;
  const queueName = `${prefix}-jobs`;
  const queue = new Queue(queueName, { connection: redis, prefix: `{${prefix}}` });
  try {
    await queue.addBulk(
      Array.from({ length: sessions }, (_, i) => {
        const channel = `C0CALLS${i}`;
        const { ts } = slack.seedMessage({
          channel,
          text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> job ${i}`,
          user: "U0BENCH",
        });
        return { name: "turn", data: { channel, ts }, opts: { jobId: `t${i}` } };
      }),
    );
    const args = [
      BENCH_REDIS_URL,
      `{${prefix}}`,
      queueName,
      String(concurrency),
      slack.url,
      String(progressEdits),
      String(statusCalls),
      String(spanMs),
    ];
    const reports = await startNoopWorkers({ root, count: workers, args }).drainAndStop(
      queue,
      300_000 + spanMs,
    );
    const processed = reports.reduce((sum, r) => sum + (r.processed ?? 0), 0);
    return {
      processed,
      failed: reports.reduce((sum, r) => sum + (r.failed ?? 0), 0),
      cpuPerJobMs: reports.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0) / processed,
      callsPerJob: 7 + progressEdits + statusCalls,
    };
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    await flushPrefix(redis, prefix);
    await slack.close();
  }
}
