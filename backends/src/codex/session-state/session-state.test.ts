import { describe, expect, it } from "vitest";
import { MAX_REMEMBERED_REQUESTS, rememberRequest, type SessionState } from "./session-state.js";

const EMPTY: SessionState = {
  version: 1,
  kind: "repositories",
  branch: "baton/fix-login",
  repositories: [],
  requests: [],
  links: {},
};

describe("the requests a session remembers for its pull request", () => {
  it("remembers a turn once, however often it is retried", () => {
    let state = rememberRequest(EMPTY, { text: "fix the login test", by: "Ada", turnId: "t1" });
    state = rememberRequest(state, { text: "fix the login test", by: "Ada", turnId: "t1" });
    state = rememberRequest(state, { text: "and the docs", by: "Ada", turnId: "t2" });
    expect(state.requests.map((request) => request.text)).toEqual(["fix the login test", "and the docs"]);
  });

  it("keeps the request that opened the session when follow-ups are dropped past the limit", () => {
    let state = EMPTY;
    for (let i = 0; i <= MAX_REMEMBERED_REQUESTS + 2; i += 1)
      state = rememberRequest(state, { text: `request ${i}`, by: "Ada", turnId: `t${i}` });
    expect(state.requests).toHaveLength(MAX_REMEMBERED_REQUESTS);
    expect(state.requests[0]?.text).toBe("request 0");
    expect(state.requests.at(-1)?.text).toBe(`request ${MAX_REMEMBERED_REQUESTS + 2}`);
    expect(state.requests[1]?.text).toBe("request 4");
  });
});
