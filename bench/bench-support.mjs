// What the benchmarks share: starting Baton against a fake Slack, and cleaning up after.

/** The Redis every benchmark uses: REDIS_URL, else the local default. */
export const BENCH_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
/** The Slack signing secret the benchmarks sign with and start their servers with. */
export const BENCH_SIGNING_SECRET = "bench-signing-secret";

/** Removes every key of a prefix, the queues' `{prefix}` keys included. */
export async function flushPrefix(redis, prefix) {
  for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
    let cursor = "0";
    do {
      const [nextCursor, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = nextCursor;
    } while (cursor !== "0");
  }
}

/** The environment of a Baton process talking to the benchmark's fake Slack. */
export function batonEnv({ redisUrl, prefix, port, signingSecret, slackUrl, logLevel = "info" }) {
  return {
    REDIS_URL: redisUrl,
    BATON_REDIS_PREFIX: prefix,
    PORT: String(port),
    HOST: "127.0.0.1",
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_BOT_TOKEN: "xoxb-bench",
    SLACK_API_URL: slackUrl,
    LOG_LEVEL: logLevel,
    BATON_CONFIG: "bench-has-no-config.yaml",
    // One bench user sends thousands a second: the buckets are checked (their cost is measured)
    // but never run dry.
    BATON_USER_TURNS_PER_MINUTE: "1000000000",
    BATON_USER_TURN_BURST: "1000000000",
    BATON_WORKSPACE_TURNS_PER_MINUTE: "1000000000",
    BATON_WORKSPACE_TURN_BURST: "1000000000",
  };
}

/** A baseline server's life: listen on PORT, and on SIGTERM close the server, its queue and Redis. */
export function serveBaseline({ server, queue, connection, port }) {
  server.listen(Number(port), "127.0.0.1", () => process.stdout.write(`listening ${port}\n`));
  process.on("SIGTERM", async () => {
    server.close();
    await queue.close();
    await connection.quit();
    process.exit(0);
  });
}

/** The p-th percentile (0–100) of a list of numbers. */
export const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** Waits until a Baton at `url` answers /healthz, or fails naming `what`. */
export async function waitUntilHealthy(url, what, maxTries = 300) {
  for (
    let tries = 0;
    !(await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (tries > maxTries) throw new Error(`${what} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How a benchmark that ran to its end but missed a target exits; a crash exits 1. */
export const MISSED_TARGET_EXIT_CODE = 2;
/** Starts the one line per target that `npm run bench` (run-all.mjs) reads. */
export const TARGET_LINE_PREFIX = "bench-target ";

/**
 * Says whether one target was met, on a line of its own (`bench-target {"name",…,"met"}`) that
 * run-all.mjs collects, and makes the process exit with MISSED_TARGET_EXIT_CODE when it was not
 * (a run whose figures are invalid keeps its harder failure). Returns `met`.
 *
 * @example
 * reportTarget({ name: "share.ack_p99_ms", value: p99, target: "≤ 1000", met: p99 <= 1000 });
 */
export function reportTarget({ name, value, target, met }) {
  console.log(`${TARGET_LINE_PREFIX}${JSON.stringify({ name, value, target, met })}`);
  if (!met && !process.exitCode) process.exitCode = MISSED_TARGET_EXIT_CODE;
  return met;
}
