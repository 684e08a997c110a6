import { describe, expect, it } from "vitest";
import {
  GITHUB_SECONDARY_LIMIT_RETRIES,
  GITHUB_SERVER_ERROR_RETRIES,
  githubRetryOf,
} from "./github-request-retries.js";

const NOW = 1_700_000_000_000;
const failure = (status: number | undefined, headers: Record<string, string> = {}, message = "") => ({
  status,
  message,
  response: { headers },
});

describe("githubRetryOf", () => {
  it("waits out a secondary limit as long as retry-after says, three times", () => {
    expect(githubRetryOf(failure(403, { "retry-after": "7" }), 0, NOW)).toEqual({
      reason: "secondary_rate_limit",
      afterSeconds: 7,
    });
    expect(githubRetryOf(failure(429, { "retry-after": "0" }), 2, NOW)).toEqual({
      reason: "secondary_rate_limit",
      afterSeconds: 0,
    });
    expect(
      githubRetryOf(failure(403, { "retry-after": "7" }), GITHUB_SECONDARY_LIMIT_RETRIES, NOW),
    ).toBeNull();
  });

  it("waits a minute for a secondary limit that names no wait", () => {
    const named = failure(403, {}, "You have exceeded a secondary rate limit. Please wait a few minutes.");
    expect(githubRetryOf(named, 0, NOW)).toEqual({ reason: "secondary_rate_limit", afterSeconds: 60 });
  });

  it("waits for a primary limit's reset (and a second) once, when it comes within a minute", () => {
    const resetIn = (seconds: number) =>
      failure(403, {
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String((NOW + seconds * 1000) / 1000),
      });
    expect(githubRetryOf(resetIn(30), 0, NOW)).toEqual({ reason: "rate_limit", afterSeconds: 31 });
    expect(githubRetryOf(resetIn(30), 1, NOW)).toBeNull();
    expect(githubRetryOf(resetIn(600), 0, NOW)).toBeNull();
    expect(githubRetryOf(resetIn(-5), 0, NOW)).toEqual({ reason: "rate_limit", afterSeconds: 0 });
  });

  it("tries a server error or a lost connection again after 1, 4 and 9 seconds", () => {
    const waits = [0, 1, 2].map((retries) => githubRetryOf(failure(502), retries, NOW));
    expect(waits).toEqual([1, 4, 9].map((afterSeconds) => ({ reason: "server_error", afterSeconds })));
    expect(githubRetryOf(failure(undefined), 0, NOW)).toEqual({ reason: "server_error", afterSeconds: 1 });
    expect(githubRetryOf(failure(500), GITHUB_SERVER_ERROR_RETRIES, NOW)).toBeNull();
  });

  it("gives up at once on what would fail again", () => {
    for (const status of [400, 401, 404, 409, 422])
      expect(githubRetryOf(failure(status, { "retry-after": "1" }), 0, NOW)).toBeNull();
    // A 403 that is not a limit: a missing permission.
    expect(githubRetryOf(failure(403, { "x-ratelimit-remaining": "4000" }), 0, NOW)).toBeNull();
  });
});
