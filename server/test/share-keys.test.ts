import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRecordingLogger } from "@baton/testkit";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startBaton } from "../src/start-baton.js";

describe("share link keys at startup", () => {
  let redis: TestRedis;
  beforeEach(async () => {
    redis = await createTestRedis("share-keys");
  });
  afterEach(() => redis.cleanup());

  const start = (env: Record<string, string>) =>
    startBaton({
      mode: "gateway",
      logger: createRecordingLogger(),
      env: {
        REDIS_URL: redis.url,
        BATON_REDIS_PREFIX: redis.prefix,
        PORT: "0",
        HOST: "127.0.0.1",
        BATON_CONFIG: "does-not-exist.yaml",
        ...env,
      },
    });

  it("refuses a weak BATON_SHARE_KEY with an error that says how to make a strong one", async () => {
    await expect(start({ BATON_SHARE_KEY: "changeme" })).rejects.toThrow(
      /BATON_SHARE_KEY is too weak: use at least 32 characters/,
    );
  });

  it("refuses BATON_SHARE_KEY and BATON_SHARE_KEYS together", async () => {
    await expect(
      start({
        BATON_SHARE_KEY: "old-secret-5b1f0e9d8c7a6b5c4d3e2f1a0b9c",
        BATON_SHARE_KEYS: "new:new-secret-a7c3e9f1b5d2084e6c1a3f5b7d9e",
      }),
    ).rejects.toThrow(/Both BATON_SHARE_KEYS and BATON_SHARE_KEY/);
  });

  it("starts with rotated keys, and creates its data directory private (0700)", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "baton-data-")), "data");
    const baton = await start({
      BATON_DATA_DIR: dataDir,
      BATON_SHARE_KEYS:
        "new:new-secret-a7c3e9f1b5d2084e6c1a3f5b7d9e,old:old-secret-5b1f0e9d8c7a6b5c4d3e2f1a0b9c",
    });
    await baton.close();
    const keyless = await start({ BATON_DATA_DIR: dataDir });
    await keyless.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
