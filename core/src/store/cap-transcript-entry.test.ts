import { describe, expect, it } from "vitest";
import { capTranscriptEntry, MAX_TRANSCRIPT_TEXT_CHARS } from "./cap-transcript-entry.js";

const summaryOf = (text: string) =>
  capTranscriptEntry({ kind: "outcome", turnId: "t_cap", status: "completed", summary: text }).summary;

describe("capTranscriptEntry", () => {
  it("keeps a text that fits as it is", () => {
    const text = "short summary";
    expect(summaryOf(text)).toBe(text);
  });

  it("cuts a long text to the cap, with a note saying how much was dropped", () => {
    const capped = summaryOf("word ".repeat(20_000));
    expect(capped.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_TEXT_CHARS);
    expect(capped).toMatch(/\[cut by Baton: [\d,]+ more characters not kept\]$/);
  });

  it("never keeps half a token: the cut moves back to where the token began", () => {
    // A token that straddles the cap whatever the note's length: half of a secret matches no rule.
    const token = "Zq8".repeat(40);
    for (const before of [MAX_TRANSCRIPT_TEXT_CHARS - 150, MAX_TRANSCRIPT_TEXT_CHARS - 90]) {
      const text = `${"x ".repeat(before / 2)}export API_TOKEN="${token}"\n${"y ".repeat(10_000)}`;
      const capped = summaryOf(text);
      expect(capped.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_TEXT_CHARS);
      expect(capped).not.toContain(token.slice(0, 8));
      expect(capped).toMatch(/\[cut by Baton: [\d,]+ more characters not kept\]$/);
    }
  });

  it("cuts where the cap falls when no word ends near it (one long run of characters)", () => {
    const capped = summaryOf("a".repeat(100_000));
    expect(capped.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_TEXT_CHARS);
    expect(capped.length).toBeGreaterThan(MAX_TRANSCRIPT_TEXT_CHARS - 200);
  });
});
