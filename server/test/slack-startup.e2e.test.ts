import { getFreePort } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { startTestBaton } from "./fixtures/start-test-baton.js";

describe("Slack: the bot token's check at startup", () => {
  it("says the token was refused when Slack refuses it", async () => {
    const started = startTestBaton({ env: { SLACK_BOT_TOKEN: "xoxp-a-user-token" } });
    await expect(started).rejects.toThrow(/Slack refused SLACK_BOT_TOKEN.*invalid_auth.*Reinstall the app/s);
  });

  it("says Slack could not be reached, not that the token was refused, when nothing answers", async () => {
    // A loopback port nobody listens on: every call is refused at the socket, after WebClient's retries.
    const closedPort = await getFreePort();
    const started = startTestBaton({ env: { SLACK_API_URL: `http://127.0.0.1:${closedPort}/api/` } });
    await expect(started).rejects.toThrow(/could not reach Slack to check SLACK_BOT_TOKEN.*SLACK_API_URL/s);
    await expect(started).rejects.not.toThrow(/refused SLACK_BOT_TOKEN/);
  }, 20_000);
});
