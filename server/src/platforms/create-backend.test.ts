import { createRedisKeys, DEFAULT_RETENTION, EMPTY_CATALOG, silentLogger } from "@baton/core";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load-config.js";
import { createBackend } from "./create-backend.js";
import { readyBackends } from "./ready-backends.js";

let redis: TestRedis;
beforeEach(async () => {
  redis = await createTestRedis("backend");
});
afterEach(() => redis.cleanup());

function backendFor(env: Record<string, string>) {
  return createBackend({
    config: loadConfig(env),
    catalog: EMPTY_CATALOG,
    redis: redis.redis,
    keys: createRedisKeys(redis.prefix),
    retention: DEFAULT_RETENTION,
    logger: silentLogger,
  });
}

describe("createBackend", () => {
  it("builds the built-in agent from the OpenAI settings, with OPENAI_MODEL as its default model", () => {
    const backend = backendFor({
      BATON_BACKEND: "openai",
      OPENAI_API_KEY: "sk-test",
      OPENAI_MODEL: "gpt-4.1",
    });
    expect(backend.name).toBe("openai");
    expect(backend.defaultModel).toBe("gpt-4.1");
    expect(backendFor({ BATON_BACKEND: "openai", OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }).name).toBe(
      "openai",
    );
  });

  it("refuses to start the built-in agent without a key or a base URL, saying what to set", () => {
    expect(() => backendFor({ BATON_BACKEND: "openai" })).toThrow(/OPENAI_API_KEY/);
  });

  it("is the plan backend by default", () => {
    expect(backendFor({}).name).toBe("plan");
  });
});

describe("readyBackends", () => {
  it("names only the backends whose configuration is present", () => {
    expect(readyBackends(loadConfig({}))).toEqual([]);
    // A model server is all that the openai and codex backends need from the configuration.
    expect(readyBackends(loadConfig({ OPENAI_API_KEY: "sk-test" }))).toEqual(["openai", "codex"]);
    expect(readyBackends(loadConfig({ OPENAI_BASE_URL: "http://127.0.0.1:1/v1" }))).toEqual([
      "openai",
      "codex",
    ]);
    expect(readyBackends(loadConfig({ OPENINSPECT_URL: "http://127.0.0.1:1" }))).toEqual([]);
    expect(
      readyBackends(
        loadConfig({ OPENINSPECT_URL: "http://127.0.0.1:1", OPENINSPECT_SLACK_SECRET: "s".repeat(32) }),
      ),
    ).toEqual(["openinspect"]);
  });
});
