import { describe, expect, it } from "vitest";
import { createMarkdownRenderer } from "./render-markdown.js";

describe("createMarkdownRenderer", () => {
  const render = createMarkdownRenderer();

  it("renders markdown, and raw HTML only as text", () => {
    expect(render("**bold** <b>raw</b>")).toBe("<p><strong>bold</strong> &lt;b&gt;raw&lt;/b&gt;</p>\n");
  });

  it("links only http(s) and mailto, without a referrer", () => {
    expect(render("[a](https://example.com)")).toBe(
      '<p><a href="https://example.com" rel="nofollow noopener noreferrer">a</a></p>\n',
    );
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "file:///etc/passwd",
    ]) {
      expect(render(`[a](${url})`)).not.toContain("<a ");
    }
  });

  it("loads no images", () => {
    expect(render("![pixel](https://evil.example/p.png)")).not.toContain("<img");
  });
});
