import { FAKE_LINEAR_API_KEY, startFakeLinear } from "@baton/testkit";
import { LinearClient, LinearError, LinearErrorType, RatelimitedLinearError } from "@linear/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLinearClient } from "./create-linear-client.js";

/** What a call ends with, told apart the way Baton tells them: the data, or the SDK's error type. */
async function outcomeOf(call: () => Promise<unknown>) {
  try {
    return { data: await call() };
  } catch (error) {
    if (!(error instanceof LinearError)) throw error;
    return {
      type: error.type,
      status: error.status,
      retryAfter: error instanceof RatelimitedLinearError ? error.retryAfter : undefined,
      messages: error.errors?.map((e) => e.message),
    };
  }
}

describe("createLinearClient", () => {
  let linear: Awaited<ReturnType<typeof startFakeLinear>>;
  beforeEach(async () => {
    linear = await startFakeLinear();
  });
  afterEach(() => linear.close());

  const clients = () => ({
    sdk: new LinearClient({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl }),
    baton: createLinearClient({ apiKey: FAKE_LINEAR_API_KEY }, linear.apiUrl),
  });

  it("answers as the SDK's own client does, with the key it was given, without the global fetch", async () => {
    const { sdk, baton } = clients();
    const globalFetch = globalThis.fetch;
    let fetched = 0;
    globalThis.fetch = (...args) => {
      fetched += 1;
      return globalFetch(...args);
    };
    const viewer = await baton.viewer.finally(() => {
      globalThis.fetch = globalFetch;
    });
    expect(fetched).toBe(0);
    expect(viewer.id).toBe(linear.store.apiKeyOwner.id);
    expect(viewer.id).toBe((await sdk.viewer).id);
    const issue = linear.store.seedIssue({ title: "Cart", team: "ENG" });
    const session = linear.store.seedAgentSession(issue.id);
    await baton.createAgentActivity({
      agentSessionId: session.id,
      content: { type: "thought", body: "On it" },
    });
    expect(linear.activityContents(session.id)).toEqual([{ type: "thought", body: "On it" }]);
  });

  it("carries an OAuth access token as a bearer token", async () => {
    const refused = await outcomeOf(
      () => createLinearClient({ accessToken: "not-granted" }, linear.apiUrl).viewer,
    );
    expect(refused.type).toBe(LinearErrorType.AuthenticationError);
  });

  it("fails as the SDK's client fails: refused key, HTTP 429 with Retry-After, RATELIMITED, server error", async () => {
    const failures = [
      { kind: "http_429", retryAfterSeconds: 7 },
      { kind: "ratelimited" },
      { kind: "http_500" },
      { kind: "unreadable", status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" },
    ] as const;
    const { sdk, baton } = clients();
    for (const failure of failures) {
      linear.failNext(failure);
      const fromSdk = await outcomeOf(() => sdk.viewer);
      linear.failNext(failure);
      const fromBaton = await outcomeOf(() => baton.viewer);
      expect(fromBaton).toEqual(fromSdk);
      expect(fromBaton.type).toBeDefined();
      if (failure.kind === "http_429") expect(fromBaton.retryAfter).toBe(7);
    }
    const stranger = createLinearClient({ apiKey: "lin_api_wrong" }, linear.apiUrl);
    const sdkStranger = new LinearClient({ apiKey: "lin_api_wrong", apiUrl: linear.apiUrl });
    expect(await outcomeOf(() => stranger.viewer)).toEqual(await outcomeOf(() => sdkStranger.viewer));
    expect((await outcomeOf(() => stranger.viewer)).type).toBe(LinearErrorType.AuthenticationError);
  });
});
