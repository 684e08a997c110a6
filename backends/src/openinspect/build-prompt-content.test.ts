import { describe, expect, it } from "vitest";
import { buildPromptContent, PROMPT_CONTENT_MAX_CHARS } from "./build-prompt-content.js";

describe("buildPromptContent", () => {
  it("is the prompt alone without thread context, and quotes the context before it otherwise", () => {
    expect(buildPromptContent("fix it", [])).toBe("fix it");
    const content = buildPromptContent("fix it", ["the build is red", "since\nyesterday"]);
    expect(content).toContain("> the build is red\n> since\n> yesterday");
    expect(content.endsWith("Request:\nfix it")).toBe(true);
  });

  it("cuts the oldest context, never the request, to stay within the control plane's limit", () => {
    const content = buildPromptContent("fix it", ["a".repeat(PROMPT_CONTENT_MAX_CHARS), "latest"]);
    expect(content.length).toBeLessThanOrEqual(PROMPT_CONTENT_MAX_CHARS);
    expect(content).toContain("latest");
    expect(content.endsWith("Request:\nfix it")).toBe(true);
  });
});
