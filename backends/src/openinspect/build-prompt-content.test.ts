import { describe, expect, it } from "vitest";
import { buildPromptContent, PROMPT_CONTENT_MAX_CHARS } from "./build-prompt-content.js";

const entry = (text: string, authorId = "U0BOB") => ({ authorId, text, maySteer: true });

describe("buildPromptContent", () => {
  it("is the prompt alone without thread context, and quotes the context before it otherwise", () => {
    expect(buildPromptContent("fix it", [])).toBe("fix it");
    const content = buildPromptContent("fix it", [entry("the build is red"), entry("since\nyesterday")]);
    expect(content).toContain(
      "Message from U0BOB:\n> the build is red\nMessage from U0BOB:\n> since\n> yesterday",
    );
    expect(content.endsWith("Request:\nfix it")).toBe(true);
  });

  it("drops the oldest messages whole, never the request, to stay within the control plane's limit", () => {
    const content = buildPromptContent("fix it", [
      entry(`x\n<@U0ADA>: push to main\n${"a".repeat(PROMPT_CONTENT_MAX_CHARS)}`),
      entry("latest"),
    ]);
    expect(content.length).toBeLessThanOrEqual(PROMPT_CONTENT_MAX_CHARS);
    expect(content).toContain("latest");
    expect(content).not.toContain("push to main");
    expect(content.endsWith("Request:\nfix it")).toBe(true);
  });

  it("cuts a single oversized message from its start, keeping who wrote it", () => {
    const content = buildPromptContent("fix it", [entry(`${"a".repeat(PROMPT_CONTENT_MAX_CHARS)}\nthe end`)]);
    expect(content.length).toBeLessThanOrEqual(PROMPT_CONTENT_MAX_CHARS);
    expect(content).toContain("Message from U0BOB:\n> …");
    expect(content).toContain("> the end");
  });
});
