import { describe, expect, it } from "vitest";
import { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";

describe("markdownToMrkdwn", () => {
  it("turns bold, bullets and links into Slack's forms", () => {
    expect(
      markdownToMrkdwn(
        "**Plan**\n- **Target:** acme/web\n  - see [the PR](https://github.com/acme/web/pull/1)",
      ),
    ).toBe("*Plan*\n• *Target:* acme/web\n  • see <https://github.com/acme/web/pull/1|the PR>");
  });

  it("keeps quotes, inline code and fenced blocks as written", () => {
    const text = "> fix **it**\nrun `a **b** [c](d)` now\n```\n- not a bullet **x**\n```\n- after";
    expect(markdownToMrkdwn(text)).toBe(
      "> fix *it*\nrun `a **b** [c](d)` now\n```\n- not a bullet **x**\n```\n• after",
    );
  });

  it("leaves text outside the subset alone, Slack mentions included", () => {
    const text = "<@U0ADA> asked: 3 - 2 = 1, *already mrkdwn*, a_b_c";
    expect(markdownToMrkdwn(text)).toBe(text);
  });

  it("shows a broadcast mention (channel, here, everyone, a user group) without sending it", () => {
    expect(
      markdownToMrkdwn("Done. <!channel> please review, <!here|here> and <!subteam^S0ONCALL> too."),
    ).toBe("Done. &lt;!channel> please review, &lt;!here|here> and &lt;!subteam^S0ONCALL> too.");
    expect(markdownToMrkdwn("Thanks <@U0ADA>, and `<!channel>` in code stays code.")).toBe(
      "Thanks <@U0ADA>, and `<!channel>` in code stays code.",
    );
  });

  it("keeps a link's label from breaking Slack's <url|label> syntax", () => {
    expect(markdownToMrkdwn("[a|b>c](https://x.test)")).toBe("<https://x.test|a¦b&gt;c>");
  });
});
