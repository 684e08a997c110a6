import { createRecordingLogger } from "@baton/testkit";
import { describe, expect, it } from "vitest";
import { buildTestRequest } from "../../test/fixtures/classifier/small-catalog.js";
import { fillRequestContext, REQUEST_CONTEXT_MAX_VALUE_CHARS } from "./fill-request-context.js";

describe("fillRequestContext", () => {
  const request = buildTestRequest({ text: "fix it", context: { "slack.messageTs": "1.2" } });

  it("adds what the platform's provider found; the adapter's own keys win; long values are clipped", async () => {
    const filled = await fillRequestContext({
      request,
      providers: {
        slack: async () => ({
          "slack.channelName": "payments-eng",
          "slack.messageTs": "9.9",
          "slack.thread": "x".repeat(REQUEST_CONTEXT_MAX_VALUE_CHARS + 10),
          "slack.channelTopic": "  ",
        }),
      },
      logger: createRecordingLogger(),
    });
    expect(filled.context).toEqual({
      "slack.messageTs": "1.2",
      "slack.channelName": "payments-eng",
      "slack.thread": "x".repeat(REQUEST_CONTEXT_MAX_VALUE_CHARS),
    });
    expect(filled.text).toBe("fix it");
  });

  it("leaves requests of platforms without a provider alone", async () => {
    const filled = await fillRequestContext({
      request,
      providers: { github: async () => ({ "github.title": "x" }) },
      logger: createRecordingLogger(),
    });
    expect(filled).toBe(request);
  });

  it("goes on without the context when the provider fails or is too slow, and says why", async () => {
    const logger = createRecordingLogger();
    const failing = await fillRequestContext({
      request,
      providers: { slack: () => Promise.reject(new Error("channel_not_found")) },
      logger,
    });
    const slow = await fillRequestContext({
      request,
      providers: { slack: () => new Promise(() => {}) },
      logger,
      timeoutMs: 20,
    });
    expect([failing, slow]).toEqual([request, request]);
    expect(logger.lines.map((e) => [e.event, e.fields.reason])).toEqual([
      ["core.request_context.failed", "provider_failed"],
      ["core.request_context.failed", "timeout"],
    ]);
  });
});
