import { describe, expect, it } from "vitest";
import { classifyPushRefusal } from "./classify-push-refusal.js";

describe("classifyPushRefusal", () => {
  it("recognises GitHub's protected branch refusal", () => {
    const output = [
      "remote: error: GH006: Protected branch update failed for refs/heads/main.",
      "To https://github.com/acme/api.git",
      " ! [remote rejected] abc -> main (pre-receive hook declined)",
      "error: failed to push some refs to 'https://github.com/acme/api.git'",
    ].join("\n");
    expect(classifyPushRefusal(output)).toEqual({
      reason: "protected",
      message: "error: GH006: Protected branch update failed for refs/heads/main.",
    });
  });

  it("recognises a branch that moved (non-fast-forward) and takes URLs out of the message", () => {
    const output = [
      "To http://127.0.0.1:4000/acme/api.git",
      " ! [rejected]        abc -> baton/fix (non-fast-forward)",
      "error: failed to push some refs to 'http://127.0.0.1:4000/acme/api.git'",
    ].join("\n");
    const refused = classifyPushRefusal(output);
    expect(refused.reason).toBe("moved");
    expect(refused.message).not.toContain("127.0.0.1");
    expect(classifyPushRefusal(" ! [rejected] abc -> x (fetch first)").reason).toBe("moved");
  });

  it("tells refused credentials from anything else", () => {
    expect(
      classifyPushRefusal(
        "fatal: could not read Username for 'https://github.com': terminal prompts disabled",
      ).reason,
    ).toBe("auth");
    expect(classifyPushRefusal("remote: Permission to acme/api.git denied to baton[bot].").reason).toBe(
      "auth",
    );
    expect(classifyPushRefusal("fatal: the remote end hung up unexpectedly")).toEqual({
      reason: "other",
      message: "fatal: the remote end hung up unexpectedly",
    });
  });
});
