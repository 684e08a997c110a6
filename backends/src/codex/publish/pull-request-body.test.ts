import { describe, expect, it } from "vitest";
import { pullRequestBody, pullRequestTitle } from "./pull-request-body.js";

const keep = (text: string) => text;

describe("pullRequestTitle", () => {
  it("takes the summary's first line without markdown, and what was asked when the summary is empty", () => {
    expect(pullRequestTitle("## **Retry** the `login`\n\nmore", "fix it")).toBe("Retry the login");
    expect(pullRequestTitle("  \n", "fix the flaky login test")).toBe("fix the flaky login test");
    expect(pullRequestTitle("", "")).toBe("Changes from Baton");
  });

  it("cuts a long title at a word", () => {
    const title = pullRequestTitle(`${"word ".repeat(30)}end`, "");
    expect(title.length).toBeLessThanOrEqual(72);
    expect(title.endsWith("word…")).toBe(true);
  });
});

describe("pullRequestBody", () => {
  it("says what was asked, by whom and where, the checks with their exit codes, and the share link", () => {
    const body = pullRequestBody({
      requests: [
        { text: "fix the flaky login test", by: "Alice" },
        { text: "also add a timeout", by: "Bob" },
      ],
      checks: [
        { command: "npm test", exitCode: 1 },
        { command: "npm test", exitCode: 0 },
        { command: "sleep 1000", exitCode: null },
      ],
      links: { origin: "https://acme.slack.com/archives/C1/p1", share: "https://baton.example/s/abc" },
      redact: keep,
    });
    expect(body).toContain("**Asked by Alice** ([conversation](https://acme.slack.com/archives/C1/p1))");
    expect(body).toContain("> fix the flaky login test");
    expect(body).toContain("> Bob: also add a timeout");
    expect(body).toContain("- `npm test` → exit 1\n- `npm test` → exit 0\n- `sleep 1000` → no exit code");
    expect(body).toContain("(https://baton.example/s/abc)");
  });

  it("redacts what people and commands wrote, and says when no check ran", () => {
    const body = pullRequestBody({
      requests: [{ text: "use token ghp_secret", by: "Alice" }],
      checks: [{ command: "curl -H 'auth: ghp_secret' x", exitCode: 0 }],
      links: {},
      redact: (text) => text.replaceAll("ghp_secret", "[REDACTED]"),
    });
    expect(body).not.toContain("ghp_secret");
    expect(body).toContain("[REDACTED]");
    expect(body).not.toContain("conversation](");
    const quiet = pullRequestBody({
      requests: [{ text: "x", by: "A" }],
      checks: [],
      links: {},
      redact: keep,
    });
    expect(quiet).toContain("None.");
  });
});
