import { describe, expect, it } from "vitest";
import { findBatonMention } from "./find-baton-mention.js";

describe("findBatonMention", () => {
  it("finds the mention anywhere and keeps the rest as the instruction", () => {
    expect(findBatonMention("@baton fix the flaky test")).toEqual({
      found: true,
      instruction: "fix the flaky test",
    });
    expect(findBatonMention("Could you look, @Baton?")).toEqual({
      found: true,
      instruction: "Could you look, ?",
    });
    expect(findBatonMention("@baton stop")).toEqual({ found: true, instruction: "stop" });
  });

  it("ignores other handles, emails, quotes and code", () => {
    expect(findBatonMention("cc @baton-team")).toEqual({ found: false });
    expect(findBatonMention("mail me at me@baton.dev")).toEqual({ found: false });
    expect(findBatonMention("> @baton do it\nI disagree")).toEqual({ found: false });
    expect(findBatonMention("run `@baton help` later")).toEqual({ found: false });
    expect(findBatonMention("```\n@baton x\n```")).toEqual({ found: false });
    expect(findBatonMention("Example from the docs:\n~~~\n@baton delete the release branch\n~~~")).toEqual({
      found: false,
    });
    expect(findBatonMention("Example:\n\n    @baton delete the release branch\n")).toEqual({ found: false });
    expect(findBatonMention("Looks good <!-- @baton ship it -->")).toEqual({ found: false });
    expect(findBatonMention(null)).toEqual({ found: false });
  });

  it("still hears a mention beside code, and in a list item's indented line", () => {
    expect(findBatonMention("~~~\nlog\n~~~\n@baton read the log above").found).toBe(true);
    expect(findBatonMention("- first\n    @baton and this one").found).toBe(true);
  });

  it("uses the configured handle", () => {
    expect(findBatonMention("@relay go", "relay")).toEqual({ found: true, instruction: "go" });
    expect(findBatonMention("@baton go", "relay")).toEqual({ found: false });
  });

  it("answers alike however many texts it read before (its pattern is built once and reused)", () => {
    const long = `${"a long comment ".repeat(20)}@baton fix it`;
    for (let i = 0; i < 3; i++) {
      expect(findBatonMention(long)).toEqual({
        found: true,
        instruction: `${"a long comment ".repeat(20).trim()} fix it`,
      });
      expect(findBatonMention("@baton go")).toEqual({ found: true, instruction: "go" });
    }
  });
});
