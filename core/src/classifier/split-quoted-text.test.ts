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

  it("quotes a place named with `#`, where the text came from, and keeps the rest as written", () => {
    const { own, quoted } = splitQuotedText(
      "from #storefront @U123: see the runbook (https://example.com/x)",
    );
    expect(squash(own)).toBe("from @U123: see the runbook (https://example.com/x)");
    expect(quoted).toBe("storefront");
  });

  it("leaves numbers, anchors, paths and headings that use `#` in the requester's words", () => {
    const text = "# Checkout\nfix #123 and acme/web#12, see docs.html#refunds &#39;now&#39;";
    expect(splitQuotedText(text)).toEqual({ own: text, quoted: "" });
  });

  it("keeps prose that only looks a little like a log", () => {
    const text = "at checkout, refunds over $10k fail with a 502 (level 3 support saw it)";
    expect(splitQuotedText(text)).toEqual({ own: text, quoted: "" });
  });
});
