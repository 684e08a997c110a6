import { describe, expect, it } from "vitest";
import { splitQuotedText } from "./split-quoted-text.js";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

describe("splitQuotedText", () => {
  it("sets fenced blocks, quotes, log and shell lines apart from the requester's words", () => {
    const { own, quoted } = splitQuotedText(
      [
        "the nightly load failed:",
        "```",
        "at acme/billing/src/invoice.ts:12",
        "```",
        "> the search service is down",
        "[2026-11-29 02:00:13] INFO acme/notifications: queued 0",
        "level=error msg=timeout service=shipping",
        "$ acme orders list --status pending",
        "can you fix the dag?",
      ].join("\n"),
    );
    expect(squash(own)).toBe("the nightly load failed: can you fix the dag?");
    for (const part of [
      "acme/billing",
      "search service",
      "acme/notifications",
      "service=shipping",
      "acme orders",
    ])
      expect(quoted).toContain(part);
  });

  it("reads Slack markup: channel links are quoted, people dropped, link labels kept", () => {
    const { own, quoted } = splitQuotedText(
      "from <#C01STOREFRNT|storefront> <@U123>: see <https://example.com/x|the runbook>",
    );
    expect(squash(own)).toBe("from : see https://example.com/x the runbook");
    expect(quoted).toBe("storefront");
  });

  it("keeps prose that only looks a little like a log", () => {
    const text = "at checkout, refunds over $10k fail with a 502 (level 3 support saw it)";
    expect(splitQuotedText(text)).toEqual({ own: text, quoted: "" });
  });
});
