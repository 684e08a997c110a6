import type { TurnOutcome } from "@baton/core";
import { describe, expect, it } from "vitest";
import {
  GITHUB_COMMENT_MAX_CHARS,
  renderResultComment,
  renderWorkingComment,
  turnMarker,
} from "./render-github-comment.js";

const outcome: TurnOutcome = {
  status: "completed",
  summary: "Fixed it.",
  artifacts: [],
  target: { kind: "repository", repo: "acme/api" },
  backend: "plan",
  durationMs: 65_000,
};

describe("GitHub comments", () => {
  it("say what is being worked on, then the result with its duration and link", () => {
    expect(
      renderWorkingComment("t_1", { target: outcome.target, backend: "plan", model: "gpt-5" }, "Reading"),
    ).toContain("in `acme/api` · backend `plan` · model `gpt-5`");
    const done = renderResultComment("t_1", outcome, "https://baton.example/s/abc");
    expect(done).toContain(turnMarker("t_1"));
    expect(done).toContain("✅ **Done** after 1m 5s");
    expect(done).toContain("🔗 [Read-only transcript](https://baton.example/s/abc)");
  });

  it("fold a long summary into <details> and never exceed GitHub's limit", () => {
    const long = `First paragraph.\n\n${"word ".repeat(30_000)}`;
    const body = renderResultComment("t_2", { ...outcome, summary: long }, null);
    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_MAX_CHARS);
    expect(body).toContain("First paragraph.\n\n<details><summary>Full summary</summary>");
    expect(body).toContain("</details>");
    expect(body).toMatch(/more characters: see the transcript/);
  });
  it("show the summary's HTML rather than render it, so that nothing in it hides the link", () => {
    for (const summary of ["Done. <!-- note", "Done.\n\n<details><summary>notes</summary>\n\nsome notes"]) {
      const body = renderResultComment("t_3", { ...outcome, summary }, "https://baton.example/s/abc");
      // After Baton's own marker (an HTML comment of its first line), before the link.
      const beforeLink = body.slice(body.indexOf("\n"), body.indexOf("🔗 [Read-only transcript]"));
      expect(beforeLink).not.toContain("<!--");
      expect(beforeLink).not.toContain("<details>");
    }
    const code = "Use `<T>` here:\n```ts\nconst x: Array<T> = [];\n```";
    expect(renderResultComment("t_4", { ...outcome, summary: code }, null)).toContain(code);
  });
});
