import { describe, expect, it } from "vitest";
import { sessionBranchName } from "./session-branch-name.js";

describe("sessionBranchName", () => {
  it("makes baton/<slug>-<short session id> from what was asked", () => {
    expect(sessionBranchName("Fix the flaky login test!", "s_3f2a9c1e-5b7d-4e0f")).toBe(
      "baton/fix-the-flaky-login-test-3f2a9c1e",
    );
  });

  it("keeps the slug short, ASCII and free of leading or trailing dashes", () => {
    const name = sessionBranchName(
      "  Ünïcode — and a very long request that goes on and on and on",
      "s_abcdef12",
    );
    expect(name).toMatch(/^baton\/[a-z0-9]+(-[a-z0-9]+)*-abcdef12$/);
    expect(name.length).toBeLessThanOrEqual("baton/".length + 32 + 1 + 8);
    expect(name.startsWith("baton/unicode-and-a-very-long")).toBe(true);
  });

  it("names a session without words, and two sessions never share a branch", () => {
    expect(sessionBranchName("!!!", "s_0000aaaa")).toBe("baton/session-0000aaaa");
    expect(sessionBranchName("Fix it", "s_11111111")).not.toBe(sessionBranchName("Fix it", "s_22222222"));
  });
});
