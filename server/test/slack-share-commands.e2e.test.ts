import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, textOf } from "./fixtures/slack-test-actions.js";
import { type SlackScenario, startSlackScenario } from "./fixtures/start-slack-scenario.js";
import type { TestBaton } from "./fixtures/start-test-baton.js";

const SHARE_URL = /https?:\/\/[^"\s>|]+\/s\/[\w-]+/;

describe("@baton share and @baton unshare", () => {
  let t: TestBaton;
  let agent: ControllableBackend;
  let slack: SlackScenario["slack"];
  beforeEach(async () => {
    ({ t, agent, slack } = await startSlackScenario());
  });
  afterEach(() => t.close());

  /** The page of a share link, fetched from this Baton (the link's host is BATON_PUBLIC_URL). */
  const pageStatus = async (link: string) => (await fetch(`${t.url}${new URL(link).pathname}`)).status;

  it("unshare makes the result's link answer 404 at once; share posts a new working link", async () => {
    const { ts: threadTs } = await slack.mention({ channel: "C0SHARE", text: "summarise the README" });
    (await agent.waitForRun(1)).finish();
    const result = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0SHARE").find((c) => textOf(c).includes("finished:")),
    );
    const link = textOf(result).match(SHARE_URL)?.[0];
    expect(link).toBeDefined();
    expect(await pageStatus(link!)).toBe(200);

    await slack.mention({ channel: "C0SHARE", threadTs, text: "unshare" });
    await eventually("the revocation notice", () =>
      callsIn(t, "chat.postMessage", "C0SHARE").find((c) => textOf(c).includes("no longer works")),
    );
    expect(await pageStatus(link!)).toBe(404);
    expect(agent.runs).toHaveLength(1);

    await slack.mention({ channel: "C0SHARE", threadTs, text: "share" });
    const shared = await eventually("the new link", () =>
      callsIn(t, "chat.postMessage", "C0SHARE").find((c) => textOf(c).includes("Read-only transcript")),
    );
    const newLink = textOf(shared).match(SHARE_URL)?.[0];
    expect(newLink).toBeDefined();
    expect(newLink).not.toBe(link);
    expect(await pageStatus(newLink!)).toBe(200);
    expect(await pageStatus(link!)).toBe(404);
  });

  it("only someone who may steer the session can unshare it", async () => {
    const { ts: threadTs } = await slack.mention({
      channel: "C0SHARE2",
      user: "U0ADA",
      text: "summarise the README",
    });
    (await agent.waitForRun(1)).finish();
    const result = await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0SHARE2").find((c) => textOf(c).includes("finished:")),
    );
    const link = textOf(result).match(SHARE_URL)?.[0];
    if (!link) throw new Error("the result carries no share link");
    await slack.mention({ channel: "C0SHARE2", threadTs, user: "U0MALLORY", text: "unshare" });
    await eventually("a private refusal", () =>
      callsIn(t, "chat.postEphemeral", "C0SHARE2").find((c) => textOf(c).includes("U0MALLORY")),
    );
    expect(await pageStatus(link)).toBe(200);
  });
});
