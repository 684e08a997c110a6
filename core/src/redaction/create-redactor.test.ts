import { describe, expect, it } from "vitest";
import { createRedactor, WITHHELD_BLOCK_NOTICE } from "./create-redactor.js";
import { redactTranscriptEntry } from "./redact-transcript-entry.js";

// Built at run time so that no credential-shaped literal sits in the source.
const RANDOM_TOKEN = ["Zq7", "Lm2Xv8Rt5Yw1Nb6", "Hc4Jd7Fg0Pk3Sa9"].join("");

describe("createRedactor", () => {
  it("replaces a known secret in every spelling it may take", () => {
    const secret = 'p@ss/word+"quoted"&more';
    const { redact } = createRedactor({ knownSecrets: [secret] });
    const text = [
      secret,
      JSON.stringify({ s: secret }),
      `https://x.test/?s=${encodeURIComponent(secret)}`,
    ].join("\n");
    const result = redact(text);
    expect(result.text).not.toContain("p@ss");
    expect(result.text).not.toContain("p%40ss");
    expect(result.redactions).toBe(3);
  });

  it("finds a PEM key configured with escaped newlines, whole or line by line", () => {
    const line = (c: string) => c.repeat(64);
    const escaped = `-----BEGIN RSA PRIVATE KEY-----\\n${line("A")}\\n${line("B")}\\n-----END RSA PRIVATE KEY-----`;
    const { redact } = createRedactor({ knownSecrets: [escaped], patterns: [] });
    expect(redact(escaped.replace(/\\n/g, "\n")).text).toBe("[REDACTED:known-secret]");
    expect(redact(`near ${line("B")} here`).text).toBe("near [REDACTED:known-secret] here");
  });

  it("ignores known secrets too short to search for without mangling the text", () => {
    const { redact } = createRedactor({ knownSecrets: ["abc", ""] });
    expect(redact("abc and abc").text).toBe("abc and abc");
  });

  it("withholds only the block that still looks secret, and keeps code fences balanced", () => {
    const { redact } = createRedactor({ knownSecrets: [] });
    const text = `Before.\n\n\`\`\`\nexport X=1\nvalue ${RANDOM_TOKEN}\n\`\`\`\n\nAfter.`;
    const result = redact(text);
    expect(result.withheldBlocks).toBe(1);
    expect(result.text).toBe(`Before.\n\n\`\`\`\n${WITHHELD_BLOCK_NOTICE}\n\`\`\`\n\nAfter.`);
    expect(result.text).not.toContain(RANDOM_TOKEN);
  });

  it("withholds a token on a fence line too: only the fence marker stays", () => {
    const { redact } = createRedactor({ knownSecrets: [] });
    // Backticks around text on one line are inline code, not a fence: the line is content.
    const inline = redact(`Your key:\n\n\`\`\`${RANDOM_TOKEN}\`\`\`\n\nDone.`);
    expect(inline.withheldBlocks).toBe(1);
    expect(inline.text).toBe(`Your key:\n\n${WITHHELD_BLOCK_NOTICE}\n\nDone.`);
    // A fence's info string is shown (as the code's language): it goes, the fence stays.
    const info = redact(`\`\`\`${RANDOM_TOKEN}\nexport X=1\n\`\`\`\n\n~~~ ${RANDOM_TOKEN}\nY\n~~~`);
    expect(info.withheldBlocks).toBe(2);
    expect(info.text).toBe(`\`\`\`\n${WITHHELD_BLOCK_NOTICE}\n\`\`\`\n\n~~~\n${WITHHELD_BLOCK_NOTICE}\n~~~`);
  });

  it("leaves text without secrets as it is", () => {
    const { redact } = createRedactor({ knownSecrets: ["a-long-known-secret"] });
    expect(redact("Nothing to see.\n\nReally.")).toEqual({
      text: "Nothing to see.\n\nReally.",
      redactions: 0,
      withheldBlocks: 0,
    });
  });
});

describe("redactTranscriptEntry", () => {
  const redactor = createRedactor({ knownSecrets: ["known-secret-value-1"] });

  it("redacts prompts and drops the sender's email", () => {
    const { entry, redactions } = redactTranscriptEntry(
      {
        kind: "prompt",
        turnId: "t1",
        at: "2024-06-11T10:00:00.000Z",
        actor: { platform: "slack", id: "U1", name: "Ada", email: "ada@example.com" },
        text: "use known-secret-value-1 please",
      },
      redactor,
    );
    expect(entry).toEqual({
      kind: "prompt",
      turnId: "t1",
      at: "2024-06-11T10:00:00.000Z",
      actor: { platform: "slack", id: "U1", name: "Ada" },
      text: "use [REDACTED:known-secret] please",
    });
    expect(redactions).toBe(1);
  });

  it("redacts the context Baton gave the agent as well as the person's words", () => {
    const { entry, redactions } = redactTranscriptEntry(
      {
        kind: "prompt",
        turnId: "t1",
        at: "2024-06-11T10:00:00.000Z",
        actor: { platform: "github", id: "octocat", name: "octocat" },
        text: "fix it",
        background: [{ label: "Issue a/b#1: known-secret-value-1", text: "token known-secret-value-1" }],
      },
      redactor,
    );
    expect(entry).toMatchObject({
      text: "fix it",
      background: [{ label: "Issue a/b#1: [REDACTED:known-secret]", text: "token [REDACTED:known-secret]" }],
    });
    expect(redactions).toBe(2);
  });

  it("redacts tool input and output, and drops an artifact link that held a secret", () => {
    const tool = redactTranscriptEntry(
      {
        kind: "event",
        turnId: "t1",
        at: "2024-06-11T10:00:00.000Z",
        event: {
          type: "tool",
          name: "shell",
          input: "echo known-secret-value-1",
          output: "known-secret-value-1",
        },
      },
      redactor,
    );
    expect(tool.entry).toMatchObject({
      event: { input: "echo [REDACTED:known-secret]", output: "[REDACTED:known-secret]" },
    });
    const artifact = redactTranscriptEntry(
      {
        kind: "event",
        turnId: "t1",
        at: "2024-06-11T10:00:00.000Z",
        event: {
          type: "artifact",
          artifact: { kind: "link", title: "Build", url: "https://ci.test/?token=known-secret-value-1" },
        },
      },
      redactor,
    );
    expect(artifact.entry).toMatchObject({ event: { artifact: { kind: "link", title: "Build" } } });
    expect(JSON.stringify(artifact.entry)).not.toContain("known-secret-value-1");
    expect(JSON.stringify(artifact.entry)).not.toContain("url");
  });
});
