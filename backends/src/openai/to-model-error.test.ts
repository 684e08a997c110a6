import { BatonError } from "@baton/core";
import { APIConnectionError, APIConnectionTimeoutError } from "openai";
import { describe, expect, it } from "vitest";
import { toModelError } from "./to-model-error.js";

describe("toModelError", () => {
  it("tells a model call that timed out from a model API that could not be reached; both are retried", () => {
    const timedOut = toModelError(new APIConnectionTimeoutError(), "gpt-5.5");
    const unreachable = toModelError(
      new APIConnectionError({ message: "connect ECONNREFUSED 127.0.0.1:1" }),
      "gpt-5.5",
    );
    expect(timedOut).toBeInstanceOf(BatonError);
    expect(timedOut).toMatchObject({
      retryable: true,
      userMessage: expect.stringContaining("did not answer in time"),
    });
    expect(unreachable).toMatchObject({
      retryable: true,
      userMessage: expect.stringContaining("could not reach"),
    });
  });
});
