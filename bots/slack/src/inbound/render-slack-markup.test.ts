import { describe, expect, it } from "vitest";
import { renderSlackMarkup } from "./render-slack-markup.js";

describe("renderSlackMarkup", () => {
  it("renders channel links and mentions by name, or by id where Slack gave no name", () => {
    expect(renderSlackMarkup("moving this from <#C01STORE|storefront> and <#C02OPS|>")).toBe(
      "moving this from #storefront and #C02OPS",
    );
    expect(renderSlackMarkup("<#C03> <@U0ANN> <@U0BOB|bob> <@W0CAT|@cat>")).toBe("#C03 @U0ANN @bob @cat");
  });

  it("renders broadcasts, groups and dates as Slack shows them", () => {
    expect(renderSlackMarkup("<!here> <!channel|@channel> <!subteam^S0ON|@oncall> <!subteam^S0DEV>")).toBe(
      "@here @channel @oncall @S0DEV",
    );
    expect(renderSlackMarkup("due <!date^1700000000^{date_short}|Nov 14> or <!date^1700000000^{date}>")).toBe(
      "due Nov 14 or ",
    );
  });

  it("renders a link as its label and address, and once where the label only repeats it", () => {
    expect(renderSlackMarkup("see <https://x.test/run/7|the failed run>")).toBe(
      "see the failed run (https://x.test/run/7)",
    );
    expect(
      renderSlackMarkup("<https://x.test/a> <http://x.test/|x.test> <https://x.test/b|https://x.test/b>"),
    ).toBe("https://x.test/a http://x.test/ https://x.test/b");
    expect(
      renderSlackMarkup("mail <mailto:ops@acme.test|ops@acme.test> or <mailto:ops@acme.test|the ops desk>"),
    ).toBe("mail ops@acme.test or the ops desk (mailto:ops@acme.test)");
  });

  it("unescapes what Slack escaped, once, and after the markup, so typed brackets stay text", () => {
    expect(renderSlackMarkup("a &lt;#C1|x&gt; b &amp;lt; c &gt; quoted")).toBe("a <#C1|x> b &lt; c > quoted");
    expect(renderSlackMarkup("&gt; the export failed\nfix it")).toBe("> the export failed\nfix it");
  });

  it("leaves text without markup as it was, line breaks and all", () => {
    const text = "the nightly job fails:\n```\nERROR acme/infra: timeout\n```\n#123 is the issue";
    expect(renderSlackMarkup(text)).toBe(text);
  });
});
