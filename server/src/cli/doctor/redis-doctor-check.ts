import { errorMessage } from "@baton/core";
import { Redis } from "ioredis";
import { LOCAL_REDIS_URL, redactUrl } from "../../redis/resolve-redis.js";
import type { DoctorCheck, DoctorCheckResult, DoctorContext } from "./doctor-check.js";
import { judgeRedisInfo } from "./judge-redis-info.js";

/** Redis: reachable, its version, persistence and `maxmemory-policy` (BullMQ needs noeviction). */
export const redisDoctorCheck: DoctorCheck = {
  name: "redis",
  async run({ config, production, timeoutMs }: DoctorContext): Promise<DoctorCheckResult> {
    const url = config.REDIS_URL ?? LOCAL_REDIS_URL;
    const title = `Redis (${redactUrl(url)})`;
    const redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
    });
    // ioredis rejects connect() with "Connection is closed."; the error event has the reason.
    let lastError: Error | undefined;
    redis.on("error", (error: Error) => {
      lastError = error;
    });
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      const reason = lastError?.message ?? errorMessage(error);
      if (config.REDIS_URL === undefined)
        return {
          kind: "checked",
          title,
          findings: [
            {
              kind: "warning",
              text: `nothing answers (${reason}): \`baton start\` will run a private redis-server (data in BATON_DATA_DIR), \`baton gateway\` and \`baton worker\` cannot`,
              fix: "For production, run Redis with AOF on and set REDIS_URL=redis://host:6379.",
            },
          ],
        };
      return {
        kind: "checked",
        title,
        findings: [
          {
            kind: "problem",
            text: `cannot reach it (${reason})`,
            fix: "Start Redis, or point REDIS_URL at one that runs (check host, port, password and TLS: rediss://).",
          },
        ],
      };
    }
    try {
      const info = await redis.info();
      const saveRules = await redis.config("GET", "save").then(
        (reply) => String((reply as string[])[1] ?? ""),
        () => undefined,
      );
      return { kind: "checked", title, findings: judgeRedisInfo({ info, saveRules, production }) };
    } finally {
      redis.disconnect();
    }
  },
};
