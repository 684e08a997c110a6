import { isRetryableError, TransientError } from "@baton/core";
import { ErrorCode } from "@slack/web-api";
import { describe, expect, it } from "vitest";
import { toRetryableSlackError } from "./with-retryable-slack-errors.js";

const slackError = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("toRetryableSlackError", () => {
  it("makes Slack's unanswered requests and rate limits a TransientError, keeping the cause", () => {
    for (const code of [ErrorCode.RequestError, ErrorCode.RateLimitedError]) {
      const original = slackError(code);
      const mapped = toRetryableSlackError(original);
      expect(mapped).toBeInstanceOf(TransientError);
      expect(isRetryableError(mapped)).toBe(true);
      expect((mapped as TransientError).cause).toBe(original);
    }
  });

  it("leaves Slack's refusals (and anything else) as they were", () => {
    const refused = slackError(ErrorCode.PlatformError, "An API error occurred: channel_not_found");
    expect(toRetryableSlackError(refused)).toBe(refused);
    expect(isRetryableError(refused)).toBe(false);
    expect(toRetryableSlackError("not an error")).toBe("not an error");
  });

  it("is what core alone no longer knows: a bare Slack rate limit is not retryable to core", () => {
    expect(isRetryableError(slackError(ErrorCode.RateLimitedError))).toBe(false);
  });
});
