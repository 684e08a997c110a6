import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: The storefront
slack:
  channels:
    C0LINKS: { target: acme/web }
`;

describe("what a backend is told about where a turn came from", () => {
  let s: SlackScenario;
  beforeEach(async () => {
    s = await startSlackScenario({ catalogYaml: CATALOG });
  });
  afterEach(() => s.t.close());

  it("gets the session's share link, and on asking, the permalink of the Slack thread", async () => {
    const { ts } = await s.slack.mention({ channel: "C0LINKS", text: "fix the login test" });
    const run = await s.agent.waitForRun(1);
    expect(run.turn.shareUrl).toMatch(/^http:\/\/localhost:3000\/s\/[\w-]+$/);
    // Nothing is asked of Slack until the backend wants the link.
    expect(s.t.slack.calls.some((call) => call.method === "chat.getPermalink")).toBe(false);
    const origin = await run.turn.originLink?.();
    expect(origin).toBe(`https://fake-team.slack.com/archives/C0LINKS/p${ts.replace(".", "")}`);
    run.finish();
  });
});
