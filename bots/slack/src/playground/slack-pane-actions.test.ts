import { describe, expect, it } from "vitest";
import { buildBlockAction, slackPaneActionSchema, toSlackMentions } from "./slack-pane-actions.js";

describe("the Slack pane's actions", () => {
  it("turns a typed @baton into the bot's mention, and says whether there was one", () => {
    expect(toSlackMentions("@Baton fix it, @baton!", "U0BOT")).toEqual({
      text: "<@U0BOT> fix it, <@U0BOT>!",
      mentioned: true,
    });
    expect(toSlackMentions("a plain reply, @batonist", "U0BOT")).toEqual({
      text: "a plain reply, @batonist",
      mentioned: false,
    });
  });

  it("builds the action Slack sends for a button and for a select choice", () => {
    const base = { type: "click" as const, messageTs: "1700000000.000100", blockId: "baton_pick:ask:t1" };
    expect(
      buildBlockAction(
        { ...base, actionId: "baton_stop", elementType: "button", value: "C1|1.2", label: "Stop" },
        1_000,
      ),
    ).toMatchObject({
      type: "button",
      action_id: "baton_stop",
      value: "C1|1.2",
      block_id: "baton_pick:ask:t1",
    });
    expect(
      buildBlockAction(
        {
          ...base,
          actionId: "baton_pick_select",
          elementType: "static_select",
          value: "acme/web",
          label: "acme/web",
        },
        1_000,
      ),
    ).toMatchObject({ type: "static_select", selected_option: { value: "acme/web" } });
  });

  it("refuses what the page never sends", () => {
    expect(slackPaneActionSchema.safeParse({ type: "post", text: "   " }).success).toBe(false);
    expect(slackPaneActionSchema.safeParse({ type: "post", text: "hi", threadTs: "not-a-ts" }).success).toBe(
      false,
    );
    expect(slackPaneActionSchema.safeParse({ type: "delete" }).success).toBe(false);
  });
});
