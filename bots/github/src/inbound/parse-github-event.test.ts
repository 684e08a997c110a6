import { webhookExample } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { parseGithubEvent } from "./parse-github-event.js";

/**
 * GitHub's own example payload, with `text` written into `payload[object].body` (and any other
 * fields of that object given).
 */
function example(event: string, action: string, object?: string, fields: Record<string, unknown> = {}) {
  const payload = webhookExample(event, action);
  payload.installation = { id: 1 };
  if (object) Object.assign(payload[object] as object, fields);
  return payload;
}

describe("parseGithubEvent on GitHub's example payloads", () => {
  it("reads a mention in each place it can be", () => {
    const cases: Array<[string, string, string, Record<string, unknown>, string]> = [
      ["issue_comment", "created", "comment", { body: "@baton a" }, "issue_comment"],
      ["pull_request_review_comment", "created", "comment", { body: "@baton b" }, "review_comment"],
      ["pull_request_review", "submitted", "review", { body: "@baton c" }, "review"],
      ["issues", "opened", "issue", { body: "@baton d" }, "issue"],
      ["pull_request", "opened", "pull_request", { body: "@baton e" }, "pull_request"],
    ];
    for (const [event, action, object, fields, kind] of cases) {
      const parsed = parseGithubEvent(event, example(event, action, object, fields), "baton");
      expect(parsed.kind, `${event}.${action}`).toBe("prompt");
      if (parsed.kind === "prompt") {
        expect(parsed.trigger.kind).toBe("mention");
        expect(parsed.trigger.reply.kind).toBe(kind);
      }
    }
  });

  it("reads `@baton always <target>` as an answer to the offer, and a longer sentence as a request", () => {
    const parse = (body: string) =>
      parseGithubEvent("issue_comment", example("issue_comment", "created", "comment", { body }), "baton");
    expect(parse("@baton always env:checkout")).toMatchObject({ kind: "always", targetRef: "env:checkout" });
    expect(parse("@baton Always acme/web.")).toMatchObject({ kind: "always", targetRef: "acme/web" });
    expect(parse("@baton always fails on Safari").kind).toBe("prompt");
    expect(parse("@baton always").kind).toBe("prompt");
  });

  it("reads labels, ready-for-review PRs and control words", () => {
    const labeled = parseGithubEvent("issues", example("issues", "labeled"), "baton");
    expect(labeled.kind === "prompt" && labeled.trigger).toMatchObject({ kind: "label", label: "bug" });
    const ready = parseGithubEvent("pull_request", example("pull_request", "ready_for_review"), "baton");
    expect(ready.kind === "prompt" && ready.trigger.kind).toBe("auto_review");
    const stop = parseGithubEvent(
      "issue_comment",
      example("issue_comment", "created", "comment", { body: "@baton stop" }),
      "baton",
    );
    expect(stop).toMatchObject({ kind: "control", word: "stop" });
  });

  it("ignores edits, deletions, other events and bots; refuses a payload of the wrong shape", () => {
    expect(parseGithubEvent("issue_comment", example("issue_comment", "edited"), "baton")).toEqual({
      kind: "ignored",
      reason: "action_edited",
    });
    expect(parseGithubEvent("star", { action: "created" }, "baton")).toEqual({
      kind: "ignored",
      reason: "event_star",
    });
    const fromBot = example("issue_comment", "created", "comment", { body: "@baton x" });
    Object.assign(fromBot.sender as object, { type: "Bot" });
    expect(parseGithubEvent("issue_comment", fromBot, "baton")).toEqual({
      kind: "ignored",
      reason: "sender_is_bot",
    });
    expect(parseGithubEvent("issue_comment", { action: "created", issue: {} }, "baton")).toEqual({
      kind: "invalid",
      reason: "wrong_schema",
    });
  });
});
