import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SHARE_PAGE_SCRIPT } from "./share-page-script.js";
import { SHARE_PAGE_STYLE } from "./share-page-style.js";
import { SHARE_DATA_CSP, SHARE_PAGE_CSP } from "./share-security-headers.js";

const hashOf = (text: string) => createHash("sha256").update(text).digest("base64");

describe("share CSPs", () => {
  it("let the page run exactly its own script and style, and reach only its own origin", () => {
    expect(SHARE_PAGE_CSP).toBe(
      [
        "default-src 'none'",
        `script-src 'sha256-${hashOf(SHARE_PAGE_SCRIPT)}'`,
        `style-src 'sha256-${hashOf(SHARE_PAGE_STYLE)}'`,
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  });

  it("let data answers do nothing", () => {
    expect(SHARE_DATA_CSP).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });
});
