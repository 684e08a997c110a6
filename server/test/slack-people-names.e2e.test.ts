import { afterEach, describe, expect, it } from "vitest";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

// Guests are refused here, so that the access policy asks Slack who the person is (users.info).
const CATALOG = `
repositories:
  - repo: acme/web
slack:
  channels:
    C0NAMES: { target: acme/web }
access:
  slack:
    guests: false
`;

describe("Slack: people by their names", () => {
  let t: TestBaton;
  afterEach(() => t.close());

  it("names the person in the plan, on the share page and in its markdown, asking Slack once for both access and name", async () => {
    t = await startTestBaton({ catalogYaml: CATALOG });
    t.slack.seedUser({ id: "U0ALICE", name: "alice", realName: "Alice Liddell", displayName: "Alice L." });
    const slack = slackActions(t);
    const plans = () =>
      callsIn(t, "chat.postMessage", "C0NAMES").filter((c) => textOf(c).includes("Plan (dry run"));

    const { ts: threadTs } = await slack.mention({
      channel: "C0NAMES",
      user: "U0ALICE",
      text: "why is the cart slow?",
    });
    const [plan] = await eventually("the plan", () => plans().length === 1 && plans());
    expect(textOf(plan)).toMatch(/Requested by:\W*Alice L\. on slack/);
    expect(textOf(plan)).not.toContain("U0ALICE");

    const shareUrl = textOf(plan).match(/https?:\/\/[^"\\]+\/s\/[\w-]+/)?.[0];
    expect(shareUrl).toBeDefined();
    const sharePath = new URL(shareUrl!).pathname;
    const page = await (await fetch(`${t.url}${sharePath}`)).text();
    expect(page).toContain("<strong>Alice L.</strong>");
    expect(page).not.toContain("U0ALICE");
    const markdown = await (
      await fetch(`${t.url}${sharePath.replace("/s/", "/api/shared/")}/markdown`)
    ).text();
    expect(markdown).toContain("## Alice L. (slack,");

    // A follow-up by the same person: no second question to Slack within the cache's lifetime.
    await slack.mention({ channel: "C0NAMES", user: "U0ALICE", threadTs, text: "and the checkout?" });
    await eventually("the second plan", () => plans().length === 2);
    expect(textOf(plans()[1])).toMatch(/Requested by:\W*Alice L\./);
    expect(t.slack.callsTo("users.info")).toHaveLength(1);
  });

  it("falls back to the real name, and to the id only when Slack cannot say who it is", async () => {
    t = await startTestBaton({ catalogYaml: CATALOG.replace("guests: false", "guests: true") });
    t.slack.seedUser({ id: "U0BOB", name: "bob", realName: "Bob Marley", displayName: "" });
    const slack = slackActions(t);
    const plans = () =>
      callsIn(t, "chat.postMessage", "C0NAMES").filter((c) => textOf(c).includes("Plan (dry run"));
    await slack.mention({ channel: "C0NAMES", user: "U0BOB", text: "why is the cart slow?" });
    await eventually("the plan", () => plans().length === 1);
    expect(textOf(plans()[0])).toMatch(/Requested by:\W*Bob Marley on slack/);

    t.slack.failNext("users.info", { kind: "error", error: "user_not_found" });
    await slack.mention({ channel: "C0NAMES", user: "U0GONE", text: "and the header?" });
    await eventually("the second plan", () => plans().length === 2);
    expect(textOf(plans()[1])).toMatch(/Requested by:\W*U0GONE on slack/);
  });
});
