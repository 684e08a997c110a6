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
