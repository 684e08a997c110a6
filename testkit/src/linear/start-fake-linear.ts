import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { execute, getOperationAST, parse } from "graphql";
import type { RandomFault, RandomFaults } from "../net/random-faults.js";
import { createFakeLinearOAuth, type FakeLinearOAuth } from "./fake-linear-oauth.js";
import { createFakeLinearRoot } from "./fake-linear-resolvers.js";
import { fakeLinearSchema } from "./fake-linear-schema.js";
import { createFakeLinearStore, type FakeLinearStore } from "./fake-linear-store.js";
import {
  createFakeLinearRateLimits,
  type FakeLinearRateLimitOptions,
  type FakeLinearRateLimits,
} from "./linear-rate-limits.js";

export const FAKE_LINEAR_API_KEY = "lin_api_fake_key";
export const DEFAULT_WAIT_FOR_OPERATION_TIMEOUT_MS = 5_000;

/**
 * A rate limit's answer: `retryAfterSeconds` sends `Retry-After`; `resetAfterSeconds` sends
 * Linear's own rate-limit headers for the spent limit, `X-RateLimit-Requests-Remaining: 0` and
 * `X-RateLimit-Requests-Reset` (epoch ms). Either, both or neither.
 */
interface FakeLinearRateLimitAnswer {
  retryAfterSeconds?: number;
  resetAfterSeconds?: number;
}

/**
 * A failure the fake sends instead of answering: Linear's two ways of saying "slow down", a 5xx,
 * or an answer that is not Linear's (a proxy's HTML page, JSON of another shape), sent as given.
 */
export type FakeLinearFailure =
  | ({ kind: "http_429" } & FakeLinearRateLimitAnswer)
  | ({ kind: "ratelimited" } & FakeLinearRateLimitAnswer)
  | { kind: "http_500" }
  | { kind: "unreadable"; status?: number; contentType?: string; body: string };

export interface FakeLinearOperation {
  /** The GraphQL operation name (`createAgentActivity`, `viewer`, …) or `oauth.token`. */
  name: string;
  query: string;
  variables: Record<string, unknown>;
  authorization: string | undefined;
  at: number;
  outcome: "ok" | "unauthenticated" | FakeLinearFailure["kind"] | "error";
}

export interface FakeLinearOptions {
  apiKey?: string;
  /** Answers a random share of GraphQL requests with a 429 or a 500 (after any scripted failure). */
  faults?: RandomFaults;
  oauth?: { clientId: string; clientSecret: string; accessTokenTtlSeconds?: number };
  /** Holds every GraphQL answer back this long (a slow Linear). */
  delayMs?: number;
  /**
   * Enforces Linear's request limit per token, answering `RATELIMITED` (HTTP 400) with the
   * `x-ratelimit-requests-*` headers as Linear does. Off by default.
   */
  rateLimits?: boolean | FakeLinearRateLimitOptions;
}

export interface FakeLinear {
  /** The GraphQL endpoint, for `LinearClient({ apiUrl })` and `LINEAR_API_URL`. */
  apiUrl: string;
  /** `POST` here exchanges codes and refresh tokens, as `https://api.linear.app/oauth/token`. */
  tokenUrl: string;
  store: FakeLinearStore;
  oauth: FakeLinearOAuth;
  /** The rate limits in force, when `rateLimits` was asked for. */
  rateLimits: FakeLinearRateLimits | undefined;
  /** How many connections clients have opened to the fake so far (keep-alive ones count once). */
  readonly connectionsOpened: number;
  operations: FakeLinearOperation[];
  /**
   * The next `times` GraphQL requests (of `operation`, and whose variables `where` accepts, when
   * given) fail this way.
   */
  failNext(
    failure: FakeLinearFailure,
    options?: { times?: number; operation?: string; where?: (variables: Record<string, unknown>) => boolean },
  ): void;
  /** Resolves with the operations named `name` once there are `count` of them that succeeded. */
  waitForOperation(
    name: string,
    options?: { count?: number; timeoutMs?: number; where?: (op: FakeLinearOperation) => boolean },
  ): Promise<FakeLinearOperation[]>;
  /**
   * Calls `listener` after each recorded operation, once the store holds its effect (the
   * playground follows the fake this way); returns the function that unsubscribes.
   */
  onOperation(listener: (operation: FakeLinearOperation) => void): () => void;
  /** The agent activities posted to a session, oldest first, as `content` objects. */
  activityContents(agentSessionId: string): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Linear's answer to a request over its limit: HTTP 400 with a RATELIMITED GraphQL error. */
const RATELIMITED_ANSWER = {
  errors: [
    {
      message: "Rate limit exceeded",
      extensions: {
        code: "RATELIMITED",
        type: "ratelimited",
        userPresentableMessage: "Rate limit exceeded, please try again later.",
      },
    },
  ],
};

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A fake Linear API on a real port: the GraphQL endpoint executes the SDK's own documents against
 * Linear's schema (the part Baton uses) over a seeded workspace, checks the API key or OAuth
 * access token, and records every operation; `/oauth/token` speaks Linear's OAuth.
 *
 * @example
 * const linear = await startFakeLinear();
 * const client = new LinearClient({ apiKey: FAKE_LINEAR_API_KEY, apiUrl: linear.apiUrl });
 * await client.viewer;
 */
export async function startFakeLinear(options: FakeLinearOptions = {}): Promise<FakeLinear> {
  const apiKey = options.apiKey ?? FAKE_LINEAR_API_KEY;
  const store = createFakeLinearStore();
  const root = createFakeLinearRoot(store);
  const oauth = createFakeLinearOAuth(
    options.oauth ?? { clientId: "fake-client", clientSecret: "fake-secret" },
  );
  const operations: FakeLinearOperation[] = [];
  const limits = options.rateLimits
    ? createFakeLinearRateLimits(options.rateLimits === true ? {} : options.rateLimits)
    : undefined;
  const failures: Array<{
    failure: FakeLinearFailure;
    operation?: string;
    where?: (variables: Record<string, unknown>) => boolean;
  }> = [];
  const waiters = new Set<() => void>();
  const listeners = new Set<(operation: FakeLinearOperation) => void>();
  const record = (operation: FakeLinearOperation) => {
    operations.push(operation);
    for (const wake of [...waiters]) wake();
    for (const listener of [...listeners]) listener(operation);
  };

  async function answerGraphql(request: IncomingMessage, response: ServerResponse) {
    const body = JSON.parse(await readText(request)) as {
      query: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    };
    const document = parse(body.query);
    const name = getOperationAST(document, body.operationName)?.name?.value ?? "anonymous";
    const authorization = request.headers.authorization;
    const base = { name, query: body.query, variables: body.variables ?? {}, authorization, at: Date.now() };
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));

    const failureIndex = failures.findIndex(
      (f) => (f.operation === undefined || f.operation === name) && (!f.where || f.where(base.variables)),
    );
    const randomFailure = failureIndex >= 0 ? undefined : linearFailureOf(options.faults?.next());
    if (failureIndex >= 0 || randomFailure) {
      const failure =
        randomFailure ?? (failures.splice(failureIndex, 1) as [{ failure: FakeLinearFailure }])[0].failure;
      record({ ...base, outcome: failure.kind });
      const retryAfter: Record<string, string> = {};
      if ("retryAfterSeconds" in failure && failure.retryAfterSeconds !== undefined)
        retryAfter["retry-after"] = String(failure.retryAfterSeconds);
      if ("resetAfterSeconds" in failure && failure.resetAfterSeconds !== undefined) {
        retryAfter["x-ratelimit-requests-remaining"] = "0";
        retryAfter["x-ratelimit-requests-reset"] = String(Date.now() + failure.resetAfterSeconds * 1000);
      }
      switch (failure.kind) {
        case "http_429":
          return send(response, 429, { error: "Too many requests" }, retryAfter);
        case "ratelimited":
          // Linear's GraphQL rate limit: HTTP 400 with a RATELIMITED error.
          return send(response, 400, RATELIMITED_ANSWER, retryAfter);
        case "http_500":
          return send(response, 500, { errors: [{ message: "Internal server error" }] });
        case "unreadable":
          response.writeHead(failure.status ?? 200, { "content-type": failure.contentType ?? "text/html" });
          return response.end(failure.body);
      }
    }

    if (authorization !== apiKey && !(authorization && oauth.accepts(authorization))) {
      record({ ...base, outcome: "unauthenticated" });
      return send(response, 401, {
        errors: [
          {
            message: "Authentication required, not authenticated",
            extensions: {
              code: "AUTHENTICATION_ERROR",
              type: "authentication error",
              userPresentableMessage: "You need to authenticate to access this operation.",
            },
          },
        ],
      });
    }
    const limit = limits?.check(authorization ?? "", authorization === apiKey ? "api_key" : "oauth");
    if (limit?.refused) {
      record({ ...base, outcome: "ratelimited" });
      return send(response, 400, RATELIMITED_ANSWER, limit.headers);
    }
    const result = await execute({
      schema: fakeLinearSchema,
      document,
      rootValue: root,
      contextValue: { viewerId: authorization === apiKey ? store.apiKeyOwner.id : store.appUser.id },
      variableValues: body.variables,
      operationName: body.operationName,
    });
    record({ ...base, outcome: result.errors ? "error" : "ok" });
    // Linear answers GraphQL errors with 200 when some data came back and 400 when none did.
    send(response, result.errors && !result.data ? 400 : 200, result, limit?.headers);
  }

  async function answerToken(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readText(request));
    const answer = oauth.exchange(form);
    record({
      name: "oauth.token",
      query: "",
      variables: { grant_type: form.get("grant_type") },
      authorization: undefined,
      at: Date.now(),
      outcome: answer.status === 200 ? "ok" : "error",
    });
    send(response, answer.status, answer.body);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    const answer =
      request.method === "POST" && path === "/graphql"
        ? answerGraphql(request, response)
        : request.method === "POST" && path === "/oauth/token"
          ? answerToken(request, response)
          : Promise.resolve(send(response, 404, { error: "not found" }));
    answer.catch((error: Error) => send(response, 400, { errors: [{ message: error.message }] }));
  });
  let connectionsOpened = 0;
  server.on("connection", () => {
    connectionsOpened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    apiUrl: `${origin}/graphql`,
    tokenUrl: `${origin}/oauth/token`,
    store,
    oauth,
    rateLimits: limits,
    get connectionsOpened() {
      return connectionsOpened;
    },
    operations,
    failNext(failure, { times = 1, operation, where } = {}) {
      for (let i = 0; i < times; i += 1) failures.push({ failure, operation, where });
    },
    waitForOperation(name, { count = 1, timeoutMs = DEFAULT_WAIT_FOR_OPERATION_TIMEOUT_MS, where } = {}) {
      const matching = () =>
        operations.filter((op) => op.name === name && op.outcome === "ok" && (!where || where(op)));
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = operations.map((op) => `${op.name}:${op.outcome}`).join(", ") || "none";
          reject(
            new Error(
              `waitForOperation("${name}") expected ${count} within ${timeoutMs} ms; operations: ${seen}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    onOperation(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    activityContents: (agentSessionId) =>
      store.activities.filter((a) => a.agentSessionId === agentSessionId).map((a) => a.content),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function linearFailureOf(fault: RandomFault | undefined): FakeLinearFailure | undefined {
  if (!fault) return undefined;
  return fault.kind === "rate_limited"
    ? { kind: "http_429", retryAfterSeconds: fault.retryAfterSeconds }
    : { kind: "http_500" };
}
