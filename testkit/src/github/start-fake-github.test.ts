import { createSign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeGithub } from "./fake-github.js";
import { buildIssueCommentEvent, buildReviewCommentEvent } from "./github-webhook-builders.js";
import { signGithubWebhook } from "./sign-github-webhook.js";
import { startFakeGithub } from "./start-fake-github.js";

function appJwt(fake: FakeGithub, overrides: { iss?: number; alg?: string } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const unsigned = `${encode({ alg: overrides.alg ?? "RS256", typ: "JWT" })}.${encode({ iat: now - 30, exp: now + 540, iss: overrides.iss ?? fake.app.appId })}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(fake.app.privateKey).toString("base64url");
  return `${unsigned}.${signature}`;
}

describe("fake GitHub", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub();
  });
  afterAll(() => github.close());

  async function call(method: string, path: string, auth: string, body?: object) {
    const response = await fetch(`${github.url}${path}`, {
      method,
      headers: {
        authorization: auth,
        "content-type": "application/json",
        accept: "application/vnd.github+json",
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  }

  it("hands out installation tokens only for an RS256 JWT signed with the App's key", async () => {
    expect(
      (await call("POST", "/app/installations/7/access_tokens", `Bearer ${appJwt(github, { iss: 1 })}`))
        .status,
    ).toBe(401);
    expect((await call("POST", "/app/installations/7/access_tokens", "Bearer nope")).status).toBe(401);
    const issued = await call("POST", "/app/installations/7/access_tokens", `Bearer ${appJwt(github)}`);
    expect(issued.status).toBe(201);
    expect(issued.body.token).toMatch(/^ghs_/);
    expect((await call("GET", "/repos/acme/api/issues/1/comments", "token wrong")).status).toBe(401);
  });

  it("lists an issue's comments oldest first, a page at a time, and only those updated since `since`", async () => {
    const issued = await call("POST", "/app/installations/7/access_tokens", `Bearer ${appJwt(github)}`);
    const auth = `token ${String(issued.body.token)}`;
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    for (let i = 0; i < 3; i += 1)
      github.seedComment({
        repo: "acme/api",
        issueNumber: 77,
        body: `old ${i}`,
        author: "octocat",
        createdAt: old,
      });
    github.seedComment({ repo: "acme/api", issueNumber: 77, body: "new", author: "octocat" });

    const first = await call("GET", "/repos/acme/api/issues/77/comments?per_page=2", auth);
    expect((first.body as unknown as Array<{ body: string }>).map((c) => c.body)).toEqual(["old 0", "old 1"]);
    expect(first.headers.get("link")).toContain('per_page=2&page=2>; rel="next"');
    const since = new Date(Date.now() - 60_000).toISOString();
    const recent = await call("GET", `/repos/acme/api/issues/77/comments?since=${since}&per_page=1`, auth);
    expect((recent.body as unknown as Array<{ body: string }>).map((c) => c.body)).toEqual(["new"]);
    expect(recent.headers.get("link")).toBeNull();
    expect((await call("GET", "/repos/acme/api/issues/77/comments?since=yesterday", auth)).status).toBe(422);
  });

  it("finds the App's installation on a repository for the App only; 404 where it is not installed", async () => {
    github.install("acme/api", 9);
    expect((await call("GET", "/repos/acme/api/installation", "Bearer nope")).status).toBe(401);
    const found = await call("GET", "/repos/acme/api/installation", `Bearer ${appJwt(github)}`);
    expect(found).toMatchObject({ status: 200, body: { id: 9 } });
    expect((await call("GET", "/repos/acme/other/installation", `Bearer ${appJwt(github)}`)).status).toBe(
      404,
    );
  });

  it("keeps comments, reactions and permissions like GitHub", async () => {
    const { body } = await call("POST", "/app/installations/7/access_tokens", `Bearer ${appJwt(github)}`);
    const auth = `token ${String(body.token)}`;
    github.setPermission("acme/api", "Octocat", "write");
    const permission = await call("GET", "/repos/acme/api/collaborators/octocat/permission", auth);
    expect(permission.body).toMatchObject({ permission: "write", role_name: "write" });
    const posted = await call("POST", "/repos/acme/api/issues/3/comments", auth, { body: "working" });
    expect(posted.status).toBe(201);
    const edited = await call("PATCH", `/repos/acme/api/issues/comments/${String(posted.body.id)}`, auth, {
      body: "done",
    });
    expect(edited.body.body).toBe("done");
    expect(github.commentsOn("acme/api", 3).map((c) => c.body)).toEqual(["done"]);
    expect(
      (await call("POST", "/repos/acme/api/issues/3/comments", auth, { body: "x".repeat(65_537) })).status,
    ).toBe(422);
    const first = await call("POST", "/repos/acme/api/issues/comments/55/reactions", auth, {
      content: "eyes",
    });
    const again = await call("POST", "/repos/acme/api/issues/comments/55/reactions", auth, {
      content: "eyes",
    });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(github.reactionsOn({ kind: "issue_comment", repo: "acme/api", commentId: 55 })).toHaveLength(1);
  });

  it("answers a scripted secondary rate limit with retry-after, then normally", async () => {
    const { body } = await call("POST", "/app/installations/7/access_tokens", `Bearer ${appJwt(github)}`);
    github.failNext("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      kind: "secondary_rate_limit",
      retryAfterSeconds: 2,
    });
    const limited = await call("POST", "/repos/acme/api/issues/4/comments", `token ${String(body.token)}`, {
      body: "hi",
    });
    expect(limited.status).toBe(403);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect(String(limited.body.message)).toMatch(/secondary rate limit/);
    expect(
      (await call("POST", "/repos/acme/api/issues/4/comments", `token ${String(body.token)}`, { body: "hi" }))
        .status,
    ).toBe(201);
  });
});

describe("GitHub webhook builders", () => {
  it("start from GitHub's own example payloads, at their real size", () => {
    const { event, payload } = buildIssueCommentEvent({
      repo: "acme/api",
      installationId: 9,
      sender: { login: "octocat" },
      number: 12,
      commentId: 77,
      body: "@baton fix it",
      onPullRequest: true,
    });
    expect(event).toBe("issue_comment");
    expect(payload).toMatchObject({
      action: "created",
      installation: { id: 9 },
      repository: { full_name: "acme/api", owner: { login: "acme" } },
      issue: { number: 12, pull_request: { url: "https://api.github.com/repos/acme/api/pulls/12" } },
      comment: { id: 77, body: "@baton fix it" },
    });
    expect(JSON.stringify(payload).length).toBeGreaterThan(10_000);
    const review = buildReviewCommentEvent({
      repo: "acme/api",
      installationId: 9,
      sender: { login: "octocat" },
      pull: { number: 3, headRepo: "forker/api" },
      commentId: 5,
      body: "@baton why?",
      path: "src/a.ts",
      line: 4,
      diffHunk: "@@ -1 +1 @@",
    }).payload as { pull_request: { head: { repo: { fork: boolean } } } };
    expect(review.pull_request.head.repo.fork).toBe(true);
  });

  it("signs the body as GitHub does", () => {
    const headers = signGithubWebhook({
      secret: "It's a Secret to Everybody",
      event: "ping",
      body: "Hello, World!",
      deliveryId: "d1",
    });
    // GitHub's documented test vector for X-Hub-Signature-256.
    expect(headers["x-hub-signature-256"]).toBe(
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });
});
