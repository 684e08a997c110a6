import { buildAgentSessionEvent, type FakeLinear, postLinearWebhook, startFakeLinear } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "./fixtures/slack-test-actions.js";
import {
  BUGGY_SUM,
  CODEX_LINEAR_WEBHOOK_SECRET,
  type CodexScenario,
  replaceLinePatch,
  startCodexScenario,
} from "./fixtures/start-codex-scenario.js";

const TURN_WAIT_MS = 25_000;

describe("BATON_BACKEND=codex from Linear", () => {
  let linear: FakeLinear;
  let s: CodexScenario;
  beforeEach(async () => {
    linear = await startFakeLinear();
    s = await startCodexScenario({ linear });
  });
  afterEach(async () => {
    await s.close();
    await linear.close();
  });

  it("an issue assigned to Baton ends with the draft pull request attached to the issue and in the response", async () => {
    s.model.setScript([
      { kind: "exec", cmd: "node test.js" },
      {
        kind: "patch",
        patch: replaceLinePatch("sum.js", BUGGY_SUM.trim(), "module.exports = (a, b) => a + b;"),
      },
      { kind: "exec", cmd: "node test.js" },
      { kind: "text", text: "Fixed sum; the test passes." },
    ]);
    const person = linear.store.seedUser({ name: "Ada" });
    const issue = linear.store.seedIssue({ title: "sum(2, 3) is -1", team: "ENG" });
    const session = linear.store.seedAgentSession(issue.id);
    const sent = await postLinearWebhook({
      url: `${s.t.url}/linear/webhooks`,
      secret: CODEX_LINEAR_WEBHOOK_SECRET,
      payload: buildAgentSessionEvent("created", {
        store: linear.store,
        issue,
        agentSessionId: session.id,
        creatorId: person.id,
      }),
    });
    expect(sent.status).toBeLessThan(300);
    const response = await eventually(
      "the response activity",
      () => linear.activityContents(session.id).find((content) => content.type === "response"),
      TURN_WAIT_MS,
    );
    const [pull] = s.github.pullRequestsOf("acme/web");
    expect(pull?.pull?.draft).toBe(true);
    expect(String(response.body)).toContain(`/acme/web/pull/${pull?.number}`);
    // Attached after the response is posted (the answer goes first; the attachment adds to it).
    await eventually(
      "the pull request attached to the issue",
      () => (linear.store.attachments.length > 0 ? true : undefined),
      TURN_WAIT_MS,
    );
    expect(linear.store.attachments).toEqual([
      expect.objectContaining({
        issueId: issue.id,
        url: expect.stringContaining(`/acme/web/pull/${pull?.number}`),
        title: `acme/web#${pull?.number}`,
      }),
    ]);
    expect(s.github.git.git("acme/web", "show", `${pull?.pull?.headRef}:sum.js`)).toContain("a + b");
  });
});
