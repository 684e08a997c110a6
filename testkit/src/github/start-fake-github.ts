import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RandomFaults } from "../net/random-faults.js";
import { readRequestBytes } from "../net/read-request-body.js";
import { createFakeGitRepositories } from "./fake-git-repositories.js";
import type { FakeGithub, FakeGithubCall, FakeGithubFailure, FakeGitRequest } from "./fake-github.js";
import { createFakeGithubStore, type FakeGithubComment, subjectKey } from "./fake-github-store.js";
import { repositoryFacts } from "./github-catalog-routes.js";
import {
  type FakeGithubRateLimitOptions,
  fakeGithubRateLimitsFor,
  withLimitHeaders,
} from "./github-rate-limits.js";
import { type GithubAnswer, matchGithubRoute } from "./github-routes.js";
import { type GithubTestApp, githubTestApp } from "./github-test-app.js";
import { basicAuthToken, gitRepositoryOf, serveGitHttp } from "./serve-git-http.js";
import { verifyAppJwt } from "./verify-app-jwt.js";

export const DEFAULT_GITHUB_WAIT_TIMEOUT_MS = 5_000;

const SECONDARY_RATE_LIMIT_MESSAGE =
  "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";

/**
 * Starts a local GitHub REST API on 127.0.0.1 that answers like api.github.com for what Baton's
 * GitHub App does (installation tokens, permissions, comments, reactions, contents, issues and
 * pulls) and records every call. Installation routes need a token the fake issued from an App
 * JWT signed with the test App's key.
 *
 * @example
 * const github = await startFakeGithub();
 * github.setPermission("acme/api", "octocat", "write");
 * // … GITHUB_API_URL = github.url …
 * await github.waitForCall("POST /repos/{owner}/{repo}/issues/{issue_number}/comments");
 */
export async function startFakeGithub(
  options: {
    app?: GithubTestApp;
    /** Answers a random share of calls with a rate limit or a 5xx (after any scripted failure). */
    faults?: RandomFaults;
    /** GitHub's limits per installation, answered as GitHub does (403, retry-after, x-ratelimit-*); off by default. */
    rateLimits?: boolean | FakeGithubRateLimitOptions;
  } = {},
): Promise<FakeGithub> {
  const app = options.app ?? githubTestApp();
  const store = createFakeGithubStore();
  const calls: FakeGithubCall[] = [];
  const waiters = new Set<() => void>();
  const listeners = new Set<(call: FakeGithubCall) => void>();
  const failures = new Map<string, FakeGithubFailure[]>();
  const git = createFakeGitRepositories();
  const gitRequests: FakeGitRequest[] = [];
  let url = "";
  const limits = fakeGithubRateLimitsFor(options.rateLimits);

  /** git's smart HTTP: an issued installation token as basic auth, for the repository's installation when it has one. */
  async function answerGit(
    request: IncomingMessage,
    response: ServerResponse,
    repo: string,
    service: string,
  ) {
    const body = await readRequestBytes(request);
    const installationId = store.installationOf(basicAuthToken(request.headers.authorization) ?? "");
    const installedAs = store.installations.get(repo);
    const authorized =
      installationId !== undefined && (installedAs === undefined || installedAs === installationId);
    const record = (status: number) =>
      gitRequests.push({ repo, service, url: request.url ?? "", status, authenticated: authorized });
    if (!authorized) {
      record(401);
      response
        .writeHead(401, { "www-authenticate": 'Basic realm="GitHub"', "content-type": "text/plain" })
        .end("Invalid username or token. Password authentication is not supported for Git operations.\n");
      return;
    }
    if (!git.hosts(repo)) {
      record(404);
      response.writeHead(404, { "content-type": "text/plain" }).end("Repository not found.\n");
      return;
    }
    await serveGitHttp({ request, response, body, projectRoot: git.root, remoteUser: "x-access-token" });
    record(response.statusCode);
  }

  function authenticate(request: IncomingMessage, auth: "app" | "installation") {
    const authorization = request.headers.authorization;
    if (auth === "app") {
      const check = verifyAppJwt({ authorization, publicKey: app.publicKey, appId: app.appId });
      return check.ok
        ? { ok: true as const, installationId: undefined }
        : { ok: false as const, reason: check.reason };
    }
    const token = authorization?.match(/^(?:token|bearer) (\S+)$/i)?.[1];
    const installationId = token ? store.installationOf(token) : undefined;
    return installationId === undefined
      ? { ok: false as const, reason: "Bad credentials" }
      : { ok: true as const, installationId };
  }

  async function answerCall(
    request: IncomingMessage,
  ): Promise<{ call?: FakeGithubCall; answer: GithubAnswer }> {
    const method = request.method ?? "GET";
    const [path = "/", query = ""] = (request.url ?? "/").split("?");
    const rawBody = (await readRequestBytes(request)).toString("utf8");
    const matched = matchGithubRoute(method, path);
    if (!matched)
      return { answer: { status: 404, body: { message: "Not Found (the fake GitHub has no such route)" } } };
    const { route, params } = matched;
    let body: Record<string, unknown> = {};
    if (rawBody) {
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        return { answer: { status: 400, body: { message: "Problems parsing JSON" } } };
      }
    }
    const auth = authenticate(request, route.auth);
    const limit =
      auth.ok && auth.installationId !== undefined ? limits?.check(auth.installationId, method) : undefined;
    const answer: GithubAnswer = !auth.ok
      ? { status: 401, body: { message: auth.reason, documentation_url: "https://docs.github.com/rest" } }
      : (scriptedFailure(route.name) ??
        limit?.refusal ??
        route.answer({
          store,
          params,
          body,
          installationId: auth.installationId,
          accept: String(request.headers.accept ?? ""),
          query: new URLSearchParams(query),
          git,
          appSlug: app.slug,
          webUrl: "https://github.com",
          apiUrl: url,
        }));
    const call = { route: route.name, method, path, params, body, status: answer.status, at: Date.now() };
    return { call, answer: withLimitHeaders(answer, limit) };
  }

  function randomFailure(): FakeGithubFailure | undefined {
    const fault = options.faults?.next();
    if (!fault) return undefined;
    return fault.kind === "http"
      ? fault
      : { kind: "secondary_rate_limit", status: 429, retryAfterSeconds: fault.retryAfterSeconds };
  }

  function scriptedFailure(route: string): GithubAnswer | undefined {
    const failure = failures.get(route)?.shift() ?? randomFailure();
    if (!failure) return undefined;
    if (failure.kind === "http") return { status: failure.status, body: { message: "Server Error" } };
    return {
      status: failure.status ?? 403,
      body: {
        message: SECONDARY_RATE_LIMIT_MESSAGE,
        documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api",
      },
      headers: { "retry-after": String(failure.retryAfterSeconds), "x-ratelimit-remaining": "4990" },
    };
  }

  function write(response: ServerResponse, answer: GithubAnswer): void {
    const text = answer.raw ?? (answer.body === undefined ? "" : JSON.stringify(answer.body));
    response
      .writeHead(answer.status, {
        "content-type": "application/json; charset=utf-8",
        "x-github-media-type": "github.v3; format=json",
        ...answer.headers,
      })
      .end(text);
  }

  const server = createServer((request, response) => {
    const gitTarget = gitRepositoryOf((request.url ?? "/").split("?")[0] ?? "/");
    if (gitTarget) {
      answerGit(request, response, gitTarget.repo, gitTarget.service).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(`fake GitHub's git crashed: ${String(error)}`);
      });
      return;
    }
    answerCall(request)
      .then(({ call, answer }) => {
        // Recorded before answering, so a test woken by waitForCall already sees the new state.
        if (call) {
          calls.push(call);
          for (const wake of [...waiters]) wake();
          for (const listener of [...listeners]) listener(call);
        }
        write(response, answer);
      })
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(`fake GitHub crashed: ${String(error)}`);
      });
  });
  let connectionsOpened = 0;
  server.on("connection", () => {
    connectionsOpened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const callsTo = (route: string) => calls.filter((call) => call.route === route);

  return {
    url,
    app,
    git,
    rateLimits: limits,
    get connectionsOpened() {
      return connectionsOpened;
    },
    gitRequests,
    issueInstallationToken: (installationId) => store.issueToken(installationId),
    pullRequestsOf: (repo) =>
      [...store.issues.values()]
        .filter((issue) => issue.repo === repo && issue.pull)
        .sort((a, b) => a.number - b.number),
    closePullRequest(repo, number, { merged }) {
      const pull = store.issues.get(`${repo}#${number}`)?.pull;
      if (!pull) throw new Error(`the fake GitHub has no pull request ${repo}#${number}`);
      pull.closed = { merged };
    },
    calls,
    callsTo,
    waitForCall(route, { count = 1, timeoutMs = DEFAULT_GITHUB_WAIT_TIMEOUT_MS } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matching = callsTo(route);
          if (matching.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(matching);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = calls.map((call) => `${call.route} → ${call.status}`).join("; ") || "none";
          reject(
            new Error(
              `waitForCall("${route}"): expected ${count} call(s) within ${timeoutMs} ms. Calls: ${seen}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    failNext(route, failure, times = 1) {
      const queue = failures.get(route) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      failures.set(route, queue);
    },
    setPermission: (repo, login, permission) =>
      store.permissions.set(`${repo}:${login.toLowerCase()}`, permission),
    setFile: (repo, path, text) => store.files.set(`${repo}:${path}`, text),
    disallowDrafts: (repo) => store.withoutDrafts.add(repo),
    install: (repo, installationId) => store.installations.set(repo, installationId),
    uninstall: (repo) => store.installations.delete(repo),
    setRepository(repo, facts) {
      const repository = { ...repositoryFacts(store, repo), ...facts };
      store.repositories.set(repo, repository);
      return repository;
    },
    seedIssue: (issue) =>
      store.issues.set(`${issue.repo}#${issue.number}`, { body: "", author: "octocat", ...issue }),
    seedComment({ repo, issueNumber, body, author, authorType = "User", createdAt }) {
      const at = createdAt ?? new Date().toISOString();
      const comment: FakeGithubComment = {
        id: store.newId(),
        repo,
        issueNumber,
        body,
        author,
        authorType,
        createdAt: at,
        updatedAt: at,
      };
      store.comments.set(comment.id, comment);
      return comment;
    },
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commentsOn: (repo, issueNumber) =>
      [...store.comments.values()].filter((c) => c.repo === repo && c.issueNumber === issueNumber),
    reactionsOn: (subject) => store.reactions.filter((r) => subjectKey(r.subject) === subjectKey(subject)),
    reset() {
      calls.length = 0;
      gitRequests.length = 0;
      failures.clear();
      limits?.limiter.reset();
      store.reset();
      git.reset();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          git.cleanup();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
