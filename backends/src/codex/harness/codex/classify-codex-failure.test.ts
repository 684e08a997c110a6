import { describe, expect, it } from "vitest";
import { classifyCodexFailure } from "./classify-codex-failure.js";

describe("classifyCodexFailure", () => {
  it("tells a refused key, an unknown model and an unreachable server apart", () => {
    const refused =
      "unexpected status 401 Unauthorized: Incorrect API key provided., url: http://10.0.0.5/v1/responses";
    expect(classifyCodexFailure(refused, "gpt-5.5").reason).toBe("auth");
    expect(
      classifyCodexFailure(
        "The model `gpt-nope` does not exist or you do not have access to it.",
        "gpt-nope",
      ),
    ).toEqual({
      reason: "unknown_model",
      message: expect.stringContaining("`gpt-nope`"),
    });
    expect(classifyCodexFailure("Reconnecting... waiting for network (Connection failed)", "m").reason).toBe(
      "model_unreachable",
    );
  });

  it("tells an account out of quota, for an API key or a plan, from a rate limit", () => {
    for (const text of [
      "Quota exceeded. Check your plan and billing details.",
      "You've hit your usage limit. Visit your settings to purchase more credits.",
      "unexpected status 429 Too Many Requests: insufficient_quota",
    ])
      expect(classifyCodexFailure(text, "gpt-5.5").reason).toBe("quota");
    expect(
      classifyCodexFailure("exceeded retry limit, last status: 429 Too Many Requests", "gpt-5.5").reason,
    ).toBe("harness");
  });

  it("keeps anything else, without the server's URL or request id", () => {
    const failure = classifyCodexFailure(
      "unexpected status 500 Internal Server Error: boom, url: http://10.0.0.5/v1/responses, request id: req_1",
      "gpt-5.5",
    );
    expect(failure).toEqual({
      reason: "harness",
      message: "The coding agent stopped: unexpected status 500 Internal Server Error: boom",
    });
  });
});
