// bench:sessions' comparator: BullMQ workers (bench/noop-worker.mjs) that make, for each job, the
// calls one of Baton's turns made, and nothing else, to fakes without limits; their CPU per job,
// measured in the same run as Baton's. A Slack job makes the seven Web API calls of a Slack turn
// plus the progress calls Baton's Slack turns made on average (`progressEdits` chat.update calls,
// `statusCalls` assistant.threads.setStatus calls). A GitHub or Linear job sends again what one
// of Baton's workers sent for that session's turn (`turnCalls`): the same requests and bodies, to
// a comment, issue and agent session of its own. With `spanMs`, each job makes its calls as
// spread out as a streaming turn did (Slack's evenly over that long, GitHub's and Linear's at the
// times the turn made them), its job held and its BullMQ lock renewed meanwhile; without, back to
// back, the least any worker could spend on those calls. With `relayedAgent` as well, each job
// runs the streaming agent Baton's turns ran (`streaming-agent.mjs`) and makes the calls due while
// it streams on its statuses (`job-pacer.mjs`): the agent's own cost is then on both sides.
import { randomBytes } from "node:crypto";
import {
  FAKE_LINEAR_API_KEY,
  FAKE_SLACK_DEFAULTS,
  startFakeGithub,
  startFakeLinear,
  startFakeSlack,
} from "@baton/testkit";
import { Queue } from "bullmq";
import { BENCH_REDIS_URL, flushPrefix } from "../bench-support.mjs";
import { startNoopWorkers } from "../comparator-workers.mjs";

const BENCH_INSTALLATION = 4242;

export async function runCallsOnly({
  redis,
  sessions,
  platforms,
  concurrency,
  workers,
  progressEdits,
  statusCalls,
  turnCalls,
  linearOf,
  spanMs = 0,
  relayedAgent,
  agentStartOf = () => undefined,
  slackShownAt = () => undefined,
  root,
}) {
  /**
   * When a job's relayed agent starts, after the moment its calls count from: when Baton's turn
   * started its agent (`agentStartOf`), after its first call (a Slack session's working message).
   */
  const agentAfterMs = (i, zeroAt) => {
    const startedAt = agentStartOf(i);
    return startedAt === undefined || zeroAt === undefined ? 0 : Math.max(0, startedAt - zeroAt);
  };
  const slack = await startFakeSlack();
  const github = platforms.includes("github") ? await startFakeGithub() : undefined;
  const linear = platforms.includes("linear") ? await startFakeLinear() : undefined;
  const prefix = `bench-sessions-calls-${randomBytes(4).toString("hex")}`;
  const queueName = `${prefix}-jobs`;
  const queue = new Queue(queueName, { connection: redis, prefix: `{${prefix}}` });
  try {
    const linearStates = linear ? sameStates(linearOf.store, linear.store) : new Map();
    const jobs = Array.from({ length: sessions }, (_, i) => {
      const platform = platforms[i % platforms.length];
      const opts = { jobId: `t${i}` };
      if (platform === "slack") {
        const channel = `C0CALLS${i}`;
        const { ts } = slack.seedMessage({
          channel,
          text: `<@${FAKE_SLACK_DEFAULTS.botUserId}> job ${i}`,
          user: "U0BENCH",
        });
        return {
          name: "turn",
          data: { platform, channel, ts, agentAfterMs: agentAfterMs(i, slackShownAt(i)) },
          opts,
        };
      }
      const recorded = turnCalls[platform].get(i) ?? [];
      const first = recorded[0]?.at ?? 0;
      if (platform === "github") {
        const calls = recorded.map(({ at, method, path, body }) => ({
          afterMs: at - first,
          method,
          path,
          body,
        }));
        return { name: "turn", data: { platform, calls, agentAfterMs: agentAfterMs(i, first) }, opts };
      }
      // Linear's ids are the comparator's own: an issue and agent session like the session's.
      const original = linearOf.ids(i);
      const issue = linear.store.seedIssue({ title: `Job ${i}`, team: "ENG" });
      const ids = new Map(linearStates)
        .set(original.issueId, issue.id)
        .set(original.agentSessionId, linear.store.seedAgentSession(issue.id).id);
      const calls = recorded.map(({ at, query, variables }) => ({
        afterMs: at - first,
        query,
        variables: JSON.parse(JSON.stringify(variables), (_, value) => ids.get(value) ?? value),
      }));
      return { name: "turn", data: { platform, calls, agentAfterMs: agentAfterMs(i, first) }, opts };
    });
    await queue.addBulk(jobs);
    const platformsConfig = {
      githubUrl: github?.url,
      githubToken: github?.issueInstallationToken(BENCH_INSTALLATION),
      linearUrl: linear?.apiUrl,
      linearKey: FAKE_LINEAR_API_KEY,
    };
    const args = [
      BENCH_REDIS_URL,
      `{${prefix}}`,
      queueName,
      String(concurrency),
      slack.url,
      String(progressEdits),
      String(statusCalls),
      String(spanMs),
      JSON.stringify(platformsConfig),
      relayedAgent ? JSON.stringify(relayedAgent) : "",
    ];
    const reports = await startNoopWorkers({ root, count: workers, args }).drainAndStop(
      queue,
      300_000 + spanMs,
    );
    const processed = reports.reduce((sum, r) => sum + (r.processed ?? 0), 0);
    const callsOf = (platform) => {
      const counts = jobs
        .filter((job) => job.data.platform === platform)
        .map((job) => job.data.calls?.length ?? 0);
      return counts.length === 0 ? undefined : counts.reduce((a, b) => a + b, 0) / counts.length;
    };
    return {
      processed,
      failed: reports.reduce((sum, r) => sum + (r.failed ?? 0), 0),
      cpuPerJobMs: reports.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0) / processed,
      callsPerJob: {
        slack: platforms.includes("slack") ? 7 + progressEdits + statusCalls : undefined,
        github: callsOf("github"),
        linear: callsOf("linear"),
      },
    };
  } finally {
    await queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
    await flushPrefix(redis, prefix);
    await Promise.all([slack.close(), github?.close(), linear?.close()]);
  }
}

/** Each workflow state of `from`'s teams → the state of the same team and name in `to` (seeding the team there). */
function sameStates(from, to) {
  const states = new Map();
  for (const team of from.teams.values()) {
    const there = to.seedTeam({ key: team.key, name: team.name });
    for (const state of team.states) {
      const same = there.states.find((other) => other.name === state.name);
      if (same) states.set(state.id, same.id);
    }
  }
  return states;
}
