import type { TurnOutcome } from "@baton/core";
import { describe, expect, it } from "vitest";
import { resultMessages } from "./result-blocks.js";
import { SLACK_SECTION_TEXT_MAX_CHARS } from "./split-for-sections.js";

describe("resultMessages", () => {
  it("lists a session's many pull requests in sections Slack takes, none lost", () => {
    const artifacts = Array.from({ length: 40 }, (_, i) => ({
      kind: "pull_request" as const,
      url: `https://github.com/acme/service-${i}/pull/${1000 + i}`,
      title: `Move the checkout flow of service ${i} onto the shared payments client, with its retries`,
    }));
    const outcome: TurnOutcome = {
      status: "completed",
      summary: "Done.",
      artifacts,
      target: { kind: "none" },
      backend: "codex",
      durationMs: 1_000,
    };
    const blocks = resultMessages(outcome, null).flatMap((message) => message.blocks);
    const texts = blocks.flatMap((block) =>
      block.type === "section" && block.text ? [block.text.text] : [],
    );
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(SLACK_SECTION_TEXT_MAX_CHARS);
    for (const artifact of artifacts) expect(texts.join("\n")).toContain(artifact.url);
  });
});
