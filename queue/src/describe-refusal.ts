import type { RequestRefusal, UserFacingError } from "@baton/core";
import type { IntakeLimits } from "./intake-limits.js";

const MS_PER_SECOND = 1_000;

/** What the person is told when intake turned their request away: the limit, and when to retry. */
export function describeRefusal(
  reason: RequestRefusal,
  retryAfterMs: number,
  limits: IntakeLimits,
): UserFacingError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / MS_PER_SECOND));
  switch (reason) {
    case "conversation_full":
      return {
        code: "request_refused",
        message: `This conversation already has ${limits.maxQueuedPerConversation} requests running or waiting, the most Baton keeps. Baton did not queue this one: send it again once some have finished, or stop the ones waiting.`,
      };
    case "user_rate_limited":
      return {
        code: "request_refused",
        message: `You are sending requests faster than Baton takes them (${limits.perUser.perMinute} a minute per person). Baton did not queue this one: try again in ${seconds} s.`,
      };
    case "workspace_rate_limited":
      return {
        code: "request_refused",
        message: `This workspace is sending requests faster than Baton takes them (${limits.perWorkspace.perMinute} a minute). Baton did not queue this one: try again in ${seconds} s.`,
      };
    case "may_not_steer":
      return {
        code: "steering_refused",
        message:
          "This thread's Baton session belongs to someone else, and you may not steer it. Start your own with a new request.",
      };
    default: {
      const unreachable: never = reason;
      throw new Error(`unknown refusal ${String(unreachable)}`);
    }
  }
}
