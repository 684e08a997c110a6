import { describeTarget, type StoredTranscriptEntry } from "@baton/core";
import { describe, expect, it } from "vitest";
import { entryMarkdown, fence, renderTranscriptMarkdown } from "./render-transcript-markdown.js";

const blocksOf = (entries: StoredTranscriptEntry[]) =>
  entries.map(({ entry }) => ({
    body: entryMarkdown(entry),
    target: entry.kind === "target" ? describeTarget(entry.target) : null,
  }));

describe("renderTranscriptMarkdown", () => {
  it("fences code so that nothing inside can close the fence", () => {
    expect(fence("plain")).toBe("```text\nplain\n```");
    expect(fence("has ``` inside")).toBe("````text\nhas ``` inside\n````");
  });

  it("writes the conversation in order, with tools fenced and the status on top", () => {
    const at = "2024-06-11T10:00:00.000Z";
    const markdown = renderTranscriptMarkdown(
      blocksOf([
        {
          id: "1-0",
          entry: {
            kind: "target",
            turnId: "t",
            at,
            target: { kind: "repository", repo: "acme/web" },
            reason: "",
          },
        },
        {
          id: "2-0",
          entry: {
            kind: "prompt",
            turnId: "t",
            at,
            actor: { platform: "slack", id: "U1", name: "Ada" },
            text: "Hi",
          },
        },
        {
          id: "3-0",
          entry: {
            kind: "event",
            turnId: "t",
            at,
            event: { type: "tool", name: "ls", input: "ls", output: "a" },
          },
        },
        { id: "4-0", entry: { kind: "outcome", turnId: "t", at, status: "completed", summary: "Done." } },
      ]),
      { isStreaming: false, kind: "completed", label: "Completed" },
    );
    expect(markdown).toBe(
      [
        "# Baton session",
        "",
        "- Target: acme/web",
        "- Status: Completed",
        "",
        "_Target: acme/web_",
        "",
        "---",
        "",
        `## Ada (slack, ${at})`,
        "",
        "Hi",
        "",
        "**Tool `ls`**",
        "",
        "```text\nls\n```",
        "",
        "```text\na\n```",
        "",
        `**completed** (${at})`,
        "",
        "Done.",
        "",
      ].join("\n"),
    );
  });
});
