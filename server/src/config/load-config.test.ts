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

  it("treats empty variables as unset, and lists configured secrets for redaction", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: "",
      SLACK_SIGNING_SECRET: "s3cret-signing",
      OPENAI_API_KEY: "key-123",
    });
    expect(config.SLACK_BOT_TOKEN).toBeUndefined();
    expect(configuredSecrets(config).sort()).toEqual(["key-123", "s3cret-signing"]);
  });
});
