import { describe, expect, it } from "vitest";
import { parseControlWord } from "./control-word.js";

describe("parseControlWord", () => {
  it("knows stop (and cancel), share and unshare, whatever the case and trailing punctuation", () => {
    expect(parseControlWord("stop")).toBe("stop");
    expect(parseControlWord("Cancel!")).toBe("stop");
    expect(parseControlWord(" SHARE. ")).toBe("share");
    expect(parseControlWord("unshare!!")).toBe("unshare");
    expect(parseControlWord(`${" ".repeat(40)}Stop.\n`)).toBe("stop");
  });

  it("takes anything else for a prompt", () => {
    expect(parseControlWord("stop the flaky test")).toBeNull();
    expect(parseControlWord("please share")).toBeNull();
    expect(parseControlWord("")).toBeNull();
    expect(parseControlWord("?stop")).toBeNull();
  });
});
