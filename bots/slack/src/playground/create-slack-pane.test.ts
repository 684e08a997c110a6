import { silentLogger } from "@baton/core";
import { WebClient } from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { createSlackPane, PLAYGROUND_SLACK_CHANNEL } from "./create-slack-pane.js";

describe("the playground's Slack pane", () => {
  it("shows a thread's status line, where a turn's progress is, until the app replies", async () => {
    const pane = await createSlackPane({ logger: silentLogger, changed: () => {} });
    try {
      const client = new WebClient(pane.env.SLACK_BOT_TOKEN, { slackApiUrl: pane.env.SLACK_API_URL });
      const channel = PLAYGROUND_SLACK_CHANNEL.id;
      const { ts } = await client.chat.postMessage({ channel, text: "a thread" });
      await client.assistant.threads.setStatus({
        channel_id: channel,
        thread_ts: ts!,
        status: "is working: step 1",
      });
      const messages = () => (pane.state() as { messages: Array<{ ts: string; status?: string }> }).messages;
      expect(messages().find((m) => m.ts === ts)?.status).toBe("is working: step 1");
      await client.chat.postMessage({ channel, thread_ts: ts!, text: "Done." });
      expect(messages().find((m) => m.ts === ts)?.status).toBeUndefined();
    } finally {
      await pane.close();
    }
  });
});
