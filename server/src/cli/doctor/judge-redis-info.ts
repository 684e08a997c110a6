import type { DoctorFinding } from "./doctor-check.js";

/** BullMQ refuses older servers, and recommends this one or newer. */
export const BULLMQ_MINIMUM_REDIS_VERSION = "5.0.0";
export const BULLMQ_RECOMMENDED_REDIS_VERSION = "6.2.0";

export interface RedisFacts {
  /** The text of `INFO` (server, persistence and memory sections). */
  info: string;
  /** `CONFIG GET save`, or undefined when the server does not allow CONFIG (managed Redis). */
  saveRules: string | undefined;
  production: boolean;
}

/** Turns what a Redis says about itself into findings: version, persistence, eviction policy. */
export function judgeRedisInfo({ info, saveRules, production }: RedisFacts): DoctorFinding[] {
  const fields = parseRedisInfo(info);
  return [
    judgeVersion(fields.get("redis_version")),
    judgePersistence(fields, saveRules, production),
    judgeEviction(fields.get("maxmemory_policy")),
  ];
}

/** `INFO` is `key:value` lines in `# Section` groups. */
export function parseRedisInfo(info: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0 && !line.startsWith("#")) fields.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return fields;
}

function judgeVersion(version: string | undefined): DoctorFinding {
  if (version === undefined)
    return {
      kind: "warning",
      text: "answers, but does not say its version",
      fix: `Use Redis ${BULLMQ_RECOMMENDED_REDIS_VERSION} or newer.`,
    };
  if (compareVersions(version, BULLMQ_MINIMUM_REDIS_VERSION) < 0)
    return {
      kind: "problem",
      text: `answers, but Redis ${version} is older than ${BULLMQ_MINIMUM_REDIS_VERSION}, the oldest BullMQ runs on`,
      fix: `Upgrade Redis to ${BULLMQ_RECOMMENDED_REDIS_VERSION} or newer.`,
    };
  if (compareVersions(version, BULLMQ_RECOMMENDED_REDIS_VERSION) < 0)
    return {
      kind: "warning",
      text: `answers: Redis ${version} (BullMQ recommends ${BULLMQ_RECOMMENDED_REDIS_VERSION} or newer)`,
      fix: `Upgrade Redis to ${BULLMQ_RECOMMENDED_REDIS_VERSION} or newer when you can.`,
    };
  return { kind: "ok", text: `answers: Redis ${version}` };
}

function judgePersistence(
  fields: Map<string, string>,
  saveRules: string | undefined,
  production: boolean,
): DoctorFinding {
  if (fields.get("aof_enabled") === "1") return { kind: "ok", text: "persistence: AOF" };
  if (saveRules)
    return { kind: "ok", text: `persistence: RDB snapshots (save ${saveRules}); AOF loses less on a crash` };
  const fix = "Turn on AOF: `redis-cli CONFIG SET appendonly yes`, and `appendonly yes` in redis.conf.";
  if (saveRules === undefined)
    return {
      kind: "warning",
      text: "persistence: AOF is off and this Redis does not say whether it takes RDB snapshots",
      fix,
    };
  return {
    kind: production ? "problem" : "warning",
    text: "persistence is off: a restart of Redis loses every session, share link and queued turn",
    fix,
  };
}

function judgeEviction(policy: string | undefined): DoctorFinding {
  const fix =
    "`redis-cli CONFIG SET maxmemory-policy noeviction`, and `maxmemory-policy noeviction` in redis.conf (or your provider's settings).";
  if (policy === undefined)
    return {
      kind: "warning",
      text: "maxmemory-policy: this Redis does not say; BullMQ needs noeviction",
      fix,
    };
  if (policy === "noeviction") return { kind: "ok", text: "maxmemory-policy: noeviction" };
  return {
    kind: "problem",
    text: `maxmemory-policy is ${policy}: BullMQ needs noeviction, or Redis may evict queued turns when memory runs out`,
    fix,
  };
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}
