import { LinearClient, type LinearError, LinearErrorType } from "@linear/sdk";
import { LinearWebhookClient } from "@linear/sdk/webhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAgentSessionEvent } from "./linear-webhook-builders.js";
import { signLinearWebhook } from "./sign-linear-webhook.js";
import { FAKE_LINEAR_API_KEY, type FakeLinear, startFakeLinear } from "./start-fake-linear.js";

describe("startFakeLinear", () => {
  let linear: FakeLinear;
  let client: LinearClient;
  beforeEach(async () => {
    linear = await startFakeLinear({ oauth: { clientId: "cid", clientSecret: "csecret" } });
    client = new LinearClient({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl });
  });
  afterEach(() => linear.close());

  it("answers the SDK's viewer query and records it by operation name", async () => {
    const viewer = await client.viewer;
    expect(viewer.id).toBe(linear.store.apiKeyOwner.id);
    expect(viewer.app).toBe(false);
    expect(linear.operations.map((op) => op.name)).toEqual(["viewer"]);
  });

  it("takes the SDK's agent activity, agent session and issue mutations", async () => {
    const issue = linear.store.seedIssue({ title: "Fix checkout" });
    const session = linear.store.seedAgentSession(issue.id);
    await client.createAgentActivity({
      agentSessionId: session.id,
      content: { type: "thought", body: "On it" },
    });
    await client.updateAgentSession(session.id, { externalLink: "https://baton.test/s/abc" });
    const started = linear.store.teamByKey("ENG")!.states.find((s) => s.name === "In Progress")!;
    await client.updateIssue(issue.id, { stateId: started.id, delegateId: linear.store.appUser.id });
    expect(linear.activityContents(session.id)).toEqual([{ type: "thought", body: "On it" }]);
    expect(linear.store.agentSessions.get(session.id)!.externalLink).toBe("https://baton.test/s/abc");
    expect(issue.stateId).toBe(started.id);
    expect(issue.delegateId).toBe(linear.store.appUser.id);
    expect(linear.operations.map((op) => op.name)).toEqual([
      "createAgentActivity",
      "updateAgentSession",
      "updateIssue",
    ]);
  });

  it("refuses unknown credentials the way Linear does", async () => {
    const stranger = new LinearClient({ apiKey: "lin_api_wrong", apiUrl: linear.apiUrl });
    const error = (await stranger.viewer.catch((e: unknown) => e)) as LinearError;
    expect(error.type).toBe(LinearErrorType.AuthenticationError);
  });

  it("rate limits on demand, both as HTTP 429 and as a RATELIMITED GraphQL error", async () => {
    linear.failNext({ kind: "http_429", retryAfterSeconds: 2 });
    linear.failNext({ kind: "ratelimited" });
    for (const expected of [2, undefined]) {
      const error = (await client.viewer.catch((e: unknown) => e)) as LinearError & { retryAfter?: number };
      expect(error.type).toBe(LinearErrorType.Ratelimited);
      expect(error.retryAfter).toBe(expected);
    }
    await expect(client.viewer).resolves.toMatchObject({ id: linear.store.apiKeyOwner.id });
  });

  it("fails only the request whose variables a failure's `where` accepts", async () => {
    const session = linear.store.seedAgentSession(linear.store.seedIssue({ title: "Fix checkout" }).id);
    const activity = (body: string) =>
      client.createAgentActivity({ agentSessionId: session.id, content: { type: "thought", body } });
    linear.failNext(
      { kind: "http_500" },
      {
        operation: "createAgentActivity",
        where: (variables) => JSON.stringify(variables).includes("second"),
      },
    );
    await activity("first");
    await expect(activity("second")).rejects.toThrow();
    await activity("third");
    expect(linear.activityContents(session.id)).toEqual([
      { type: "thought", body: "first" },
      { type: "thought", body: "third" },
    ]);
  });

  it("exchanges an authorization code, accepts the token, and rotates it on refresh", async () => {
    const code = linear.oauth.issueCode("https://baton.test/linear/oauth/callback");
    const exchange = (form: Record<string, string>) =>
      fetch(linear.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: "cid", client_secret: "csecret", ...form }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));
    const granted = await exchange({
      grant_type: "authorization_code",
      code,
      redirect_uri: "https://baton.test/linear/oauth/callback",
    });
    expect(granted.status).toBe(200);
    const oauthClient = new LinearClient({ accessToken: granted.body.access_token, apiUrl: linear.apiUrl });
    await expect(oauthClient.viewer).resolves.toMatchObject({ app: true });
    linear.oauth.expire(granted.body.access_token!);
    await expect(oauthClient.viewer).rejects.toMatchObject({ type: LinearErrorType.AuthenticationError });
    const refreshed = await exchange({
      grant_type: "refresh_token",
      refresh_token: granted.body.refresh_token!,
    });
    expect(refreshed.body.access_token).not.toBe(granted.body.access_token);
    const reused = await exchange({
      grant_type: "refresh_token",
      refresh_token: granted.body.refresh_token!,
    });
    expect(reused.status).toBe(400);
  });
});

describe("signLinearWebhook", () => {
  it("signs payloads that LinearWebhookClient accepts", async () => {
    const linear = await startFakeLinear();
    try {
      const issue = linear.store.seedIssue({ title: "Fix checkout", labels: ["bug"] });
      const payload = buildAgentSessionEvent("created", {
        store: linear.store,
        issue,
        agentSessionId: "session-1",
        promptContext: "<issue>Fix checkout</issue>",
      });
      const body = JSON.stringify(payload);
      const headers = signLinearWebhook({ secret: "whsec", body, event: payload.type });
      const parsed = new LinearWebhookClient("whsec").parseData(
        Buffer.from(body),
        headers["linear-signature"],
      );
      expect(parsed).toMatchObject({ type: "AgentSessionEvent", action: "created" });
      expect(() =>
        new LinearWebhookClient("other").parseData(Buffer.from(body), headers["linear-signature"]),
      ).toThrow();
    } finally {
      await linear.close();
    }
  });
});
