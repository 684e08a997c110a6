import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createRedactor,
  createRedisKeys,
  createSessionStore,
  createTranscriptStore,
  DEFAULT_RETENTION,
  parseCatalog,
} from "@baton/core";
import { createRecordingLogger } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, SHARE_LINK_KEY_FILE } from "../src/config/load-config.js";
import { type Sharing, setupSharing } from "../src/platforms/setup-sharing.js";

describe("sharing's known secrets", () => {
  let redis: TestRedis;
  let sharing: Sharing | undefined;
  beforeEach(async () => {
    redis = await createTestRedis("setup-sharing");
  });
  afterEach(async () => {
    await sharing?.close();
    sharing = undefined;
    await redis.cleanup();
  });

  const setUp = (env: Record<string, string>) => {
    const keys = createRedisKeys(redis.prefix);
    return setupSharing({
      config: loadConfig({ REDIS_URL: redis.url, BATON_REDIS_PREFIX: redis.prefix, ...env }),
      catalog: parseCatalog({ repositories: [] }, "baton.config.yaml"),
      redis: redis.redis,
      keys,
      sessions: createSessionStore({ redis: redis.redis, keys }),
      transcripts: createTranscriptStore({ redis: redis.redis, keys }),
      retention: DEFAULT_RETENTION,
      logger: createRecordingLogger(),
    });
  };

  it("holds the share link key Baton generated into its data directory, as the file holds it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "baton-sharing-"));
    sharing = await setUp({ BATON_DATA_DIR: dataDir });
    const key = readFileSync(join(dataDir, SHARE_LINK_KEY_FILE), "utf8").trim();
    expect(sharing.knownSecrets).toContain(key);
    // An agent that printed the file: what a share page or a pull request would carry.
    const { text } = createRedactor({ knownSecrets: sharing.knownSecrets }).redact(
      `$ cat ~/.baton/${SHARE_LINK_KEY_FILE}\n${key}\n`,
    );
    expect(text).not.toContain(key);
  });

  it("holds every configured secret too, each key of BATON_SHARE_KEYS on its own", async () => {
    const secret = "rotated-secret-a7c3e9f1b5d2084e6c1a3f5b7d9e";
    sharing = await setUp({
      BATON_DATA_DIR: mkdtempSync(join(tmpdir(), "baton-sharing-")),
      BATON_SHARE_KEYS: `new:${secret}`,
    });
    expect(sharing.knownSecrets).toContain(secret);
  });
});
