import { startFakeLinear } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import {
  type LinearScenario,
  startLinearScenario,
  waitForActivities,
} from "./fixtures/start-linear-scenario.js";

const CLIENT_ID = "baton-client-id";
const CLIENT_SECRET = "baton-client-secret-0123456789";
const CATALOG = `
repositories:
  - repo: acme/web
linear:
  teams:
    ENG: acme/web
`;

describe("Linear OAuth app: installation, per-workspace tokens, refresh", () => {
  let s: LinearScenario;
  afterEach(() => s.close());

  async function install(scenario: LinearScenario): Promise<Response> {
    const start = await fetch(`${scenario.t.url}/linear/oauth/install`, { redirect: "manual" });
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get("location")!);
    expect(consent.origin + consent.pathname).toBe("https://linear.app/oauth/authorize");
    expect(consent.searchParams.get("actor")).toBe("app");
    expect(consent.searchParams.get("scope")?.split(",")).toEqual(
      expect.arrayContaining(["app:assignable", "app:mentionable"]),
    );
    const redirectUri = consent.searchParams.get("redirect_uri")!;
    expect(redirectUri).toMatch(/\/linear\/oauth\/callback$/);
    // What Linear does after the person approves: back to the callback with a code and the state.
    const code = scenario.linear.oauth.issueCode(redirectUri);
    const state = consent.searchParams.get("state")!;
    return fetch(`${scenario.t.url}/linear/oauth/callback?code=${code}&state=${encodeURIComponent(state)}`);
  }

  async function startOAuthScenario() {
    const linear = await startFakeLinear({ oauth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    return startLinearScenario({
      linear,
      apiKey: false,
      catalogYaml: CATALOG,
      env: { LINEAR_CLIENT_ID: CLIENT_ID, LINEAR_CLIENT_SECRET: CLIENT_SECRET },
    });
  }

  it("installs with actor=app, keeps the workspace's tokens encrypted, and works as the app user", async () => {
    s = await startOAuthScenario();
    const installed = await install(s);
    expect(installed.status).toBe(200);
    expect(await installed.text()).toContain("Baton is installed");

    const stored = await s.t.redis.redis.get(
      `${s.t.redis.prefix}:linear:installation:${s.linear.store.organization.id}`,
    );
    expect(stored).toBeTruthy();
    const granted = s.linear.operations.find((op) => op.name === "batonViewer")!.authorization!;
    expect(stored).not.toContain(granted.replace("Bearer ", ""));
    expect(stored).not.toMatch(/lin_(oauth|refresh)_/);

    const issue = s.linear.store.seedIssue({ title: "Fix the cart", team: "ENG" });
    const sent = await s.created(issue);
    (await s.agent.waitForRun(1)).finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response");
    // As the app user, Baton takes the issue: delegated to it.
    expect(issue.delegateId).toBe(s.linear.store.appUser.id);
  });

  it("refuses a callback whose state Baton did not sign", async () => {
    s = await startOAuthScenario();
    const code = s.linear.oauth.issueCode("http://localhost:3000/linear/oauth/callback");
    const forged = await fetch(`${s.t.url}/linear/oauth/callback?code=${code}&state=123.abc.def`);
    expect(forged.status).toBe(400);
    expect(s.linear.operations.some((op) => op.name === "oauth.token")).toBe(false);
  });

  it("refreshes an expired access token and carries on", async () => {
    s = await startOAuthScenario();
    await install(s);
    const sent = await s.created(s.linear.store.seedIssue({ title: "Fix the cart", team: "ENG" }));
    const run = await s.agent.waitForRun(1);
    const token = s.linear.operations.findLast((op) => op.name === "createAgentActivity")!.authorization!;
    s.linear.oauth.expire(token.replace("Bearer ", ""));
    run.finish();
    await waitForActivities(s.linear, sent.agentSessionId, "response");
    const refreshes = s.linear.operations.filter(
      (op) => op.name === "oauth.token" && op.variables.grant_type === "refresh_token",
    );
    expect(refreshes).toHaveLength(1);
    expect(s.linear.operations.findLast((op) => op.name === "createAgentActivity")!.authorization).not.toBe(
      token,
    );
  });
});
