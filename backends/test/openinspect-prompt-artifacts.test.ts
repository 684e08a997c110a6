import { type AgentEvent, silentLogger } from "@baton/core";
import { FAKE_CONTROL_PLANE_SECRETS, type FakeControlPlane, startFakeControlPlane } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenInspectClient } from "../src/index.js";
import { reportPromptResult } from "../src/openinspect/report-prompt-result.js";

const actor = { platform: "slack" as const, id: "U1" };

describe("reportPromptResult's artifacts", () => {
  let plane: FakeControlPlane;
  let client: ReturnType<typeof createOpenInspectClient>;
  beforeEach(async () => {
    plane = await startFakeControlPlane();
    client = createOpenInspectClient({
      baseUrl: plane.url,
      secrets: { slack: FAKE_CONTROL_PLANE_SECRETS["slack-bot"] },
    });
  });
  afterEach(() => plane.closeServer());

  it("a follow-up sent right after a pull request was opened does not list that pull request as its own", async () => {
    plane.setScript((prompt) =>
      prompt.content === "fix it"
        ? [
            {
              artifact: {
                type: "pr",
                url: "https://github.com/acme/web/pull/7",
                metadata: { number: 7, repoOwner: "acme", repoName: "web" },
              },
            },
            { event: "token", data: { content: "Opened #7" } },
          ]
        : [{ event: "token", data: { content: `Answer: ${prompt.content}` } }],
    );
    const created = await client.createSession({ repoOwner: "acme", repoName: "web" }, actor);
    if (!created.ok) throw new Error(created.message);
    const remoteSessionId = created.value.sessionId;
    const first = await client.sendPrompt(remoteSessionId, { content: "fix it", source: "slack" }, actor);
    if (!first.ok) throw new Error(first.message);
    while (plane.sessions[0]?.messages[0]?.status !== "completed")
      await new Promise((resolve) => setTimeout(resolve, 10));

    // The person asks a question in the thread a few seconds later: it opens nothing.
    const sentAt = Date.now();
    const content = "what does the checkout do?";
    const second = await client.sendPrompt(remoteSessionId, { content, source: "slack" }, actor);
    if (!second.ok) throw new Error(second.message);
    const events: AgentEvent[] = [];
    for await (const event of reportPromptResult({
      client,
      prompt: { remoteSessionId, messageId: second.value.messageId, sentAt, notes: [] },
      actor,
      signal: new AbortController().signal,
      pollIntervalMs: 20,
      logger: silentLogger,
    }))
      events.push(event);
    expect(events.at(-1)).toEqual({ type: "done", summary: `Answer: ${content}` });
    expect(events.filter((event) => event.type === "artifact")).toEqual([]);
  });
});
