// What the benchmarks share: starting Baton against a fake Slack, and cleaning up after.

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
