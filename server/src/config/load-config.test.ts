import { createRedactor, DEFAULT_RETENTION_MS } from "@baton/core";
import { describe, expect, it } from "vitest";
import { ConfigError, configuredSecrets, loadConfig } from "./load-config.js";

describe("loadConfig", () => {
  it("needs nothing: every platform is optional and every default is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      BATON_BACKEND: "plan",
      BATON_REDIS_PREFIX: "baton",
      BATON_CONFIG: "baton.config.yaml",
    });
    expect(config.SLACK_BOT_TOKEN).toBeUndefined();
    expect(configuredSecrets(config)).toEqual([]);
  });

  it("names every bad variable, and never its value", () => {
    const failure = (() => {
      try {
        loadConfig({ PORT: "eighty", SLACK_API_URL: "not a url hunter2", BATON_BACKEND: "magic" });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as ConfigError).message;
    expect((failure as ConfigError).keys.sort()).toEqual(["BATON_BACKEND", "PORT", "SLACK_API_URL"]);
    expect(message).toContain("PORT");
    expect(message).not.toContain("hunter2");
    expect(message).not.toContain("eighty");
  });

  it("refuses a URL without an http(s) scheme (a parser takes `host:port` for a scheme)", () => {
    for (const env of [
      { BATON_PUBLIC_URL: "baton.example.com:8443" },
      { SLACK_API_URL: "slack.internal:443/api/" },
      { BATON_PUBLIC_URL: "ftp://baton.example.com" },
    ])
      expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(loadConfig({ BATON_PUBLIC_URL: "HTTPS://baton.example.com" }).BATON_PUBLIC_URL).toBe(
      "HTTPS://baton.example.com",
    );
  });

  it("treats empty variables as unset, and lists configured secrets for redaction", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: "",
      SLACK_SIGNING_SECRET: "s3cret-signing",
      OPENAI_API_KEY: "key-123",
    });
    expect(config.SLACK_BOT_TOKEN).toBeUndefined();
    expect(configuredSecrets(config).sort()).toEqual(["key-123", "s3cret-signing"]);
  });

  it("lists each secret of BATON_SHARE_KEYS, so that one said on its own is redacted too", () => {
    // After the documented rotation the old BATON_SHARE_KEY lives on as `default:<old secret>`.
    const oldSecret = "5b1f0e9d8c7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c";
    const newSecret = "a7c3e9f1b5d2084e6c1a3f5b7d9e0f1a2b3c4d5e";
    const config = loadConfig({ BATON_SHARE_KEYS: `2025-06:${newSecret},default:${oldSecret}` });
    const { redact } = createRedactor({ knownSecrets: configuredSecrets(config) });
    expect(redact(`BATON_SHARE_KEY=${oldSecret}`).text).toBe("BATON_SHARE_KEY=[REDACTED:known-secret]");
    expect(redact(`new key ${newSecret}`).text).toBe("new key [REDACTED:known-secret]");
  });

  it("keeps conversation data 90 days unless BATON_RETENTION says otherwise", () => {
    expect(loadConfig({}).BATON_RETENTION).toBe(DEFAULT_RETENTION_MS);
    expect(loadConfig({ BATON_RETENTION: "30d" }).BATON_RETENTION).toBe(30 * 24 * 3_600_000);
    expect(loadConfig({ BATON_RETENTION: "36h" }).BATON_RETENTION).toBe(36 * 3_600_000);
  });

  it("refuses a retention that is not a duration, naming the variable and the form it takes", () => {
    const failure = failureOf({ BATON_RETENTION: "forever-and-ever" });
    expect(failure.keys).toEqual(["BATON_RETENTION"]);
    expect(failure.message).toContain("90d, 36h or 120s");
    expect(failure.message).not.toContain("forever-and-ever");
  });

  it("refuses a retention under a day, saying why, unless a test or benchmark allows it", () => {
    const failure = failureOf({ BATON_RETENTION: "12h" });
    expect(failure.keys).toEqual(["BATON_RETENTION"]);
    expect(failure.message).toContain("minimum of 1 day");
    expect(failure.message).toContain("BATON_ALLOW_SHORT_RETENTION");
    expect(loadConfig({ BATON_RETENTION: "1d" }).BATON_RETENTION).toBe(24 * 3_600_000);
    expect(loadConfig({ BATON_RETENTION: "60s", BATON_ALLOW_SHORT_RETENTION: "1" }).BATON_RETENTION).toBe(
      60_000,
    );
    expect(failureOf({ BATON_RETENTION: "60s", BATON_ALLOW_SHORT_RETENTION: "yes" }).keys).toEqual([
      "BATON_ALLOW_SHORT_RETENTION",
    ]);
  });
});

function failureOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
