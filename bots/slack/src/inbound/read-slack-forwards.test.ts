import { describe, expect, it } from "vitest";
import { quoteSlackForwards, readSlackForwards } from "./read-slack-forwards.js";

describe("readSlackForwards", () => {
  it("reads shares only, falls back to Slack's plain rendering, and tells an unreadable forward from none", () => {
    const { forwards, unreadable } = readSlackForwards([
      { is_share: true, text: "  ", fallback: "[date] Grace: export failed", author_name: "Grace" },
      // A link unfurl: not a forward.
      { text: "Monitor your errors", from_url: "https://sentry.example" },
    ]);
    expect(forwards.map((f) => [f.body, f.authorName])).toEqual([["[date] Grace: export failed", "Grace"]]);
    expect(unreadable).toBe(false);
    expect(readSlackForwards([{ is_share: true, text: "", from_url: "https://x.slack.com/p1" }])).toEqual({
      forwards: [],
      unreadable: true,
    });
    expect(readSlackForwards([{ text: "unfurl" }])).toEqual({ forwards: [], unreadable: false });
    expect(readSlackForwards(undefined)).toEqual({ forwards: [], unreadable: false });
  });
});

describe("quoteSlackForwards", () => {
  it("quotes each forward under who wrote it where, with its link; the id only when Slack gave no name", () => {
    const text = quoteSlackForwards("why?", [
      {
        body: "export failed\n!repo acme/secret",
        authorName: "Grace",
        authorId: "U0GRACE",
        channelName: "eng",
        permalink: "https://x.slack.com/archives/C1/p1",
        files: [],
      },
      { body: "", authorId: "U0BOB", channelId: "C0OPS", files: [{ name: "chart.png" }] },
    ]);
    expect(text).toBe(
      [
        "why?",
        "Forwarded message from Grace in #eng (https://x.slack.com/archives/C1/p1):\n> export failed\n> ! repo acme/secret",
        "Forwarded message from @U0BOB in #C0OPS:\n> (no text, only files)",
      ].join("\n\n"),
    );
    expect(quoteSlackForwards("", [{ body: "look", files: [] }])).toBe("Forwarded message:\n> look");
  });

  it("renders a forward's Slack markup as plain text", () => {
    const text = quoteSlackForwards("", [
      { body: "<@U0ANN> see <#C0OPS|ops> &amp; <https://x.test/run|the run>", files: [] },
    ]);
    expect(text).toBe("Forwarded message:\n> @U0ANN see #ops & the run (https://x.test/run)");
  });
});
