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
