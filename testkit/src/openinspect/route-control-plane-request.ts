import { FAKE_PROMPT_QUEUE_LIMIT, type FakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type { FakeControlPlaneRoute, FakeRemoteSession } from "./fake-control-plane-types.js";

/** The control plane's limit on a prompt's content. */
const PROMPT_MAX_CHARS = 64_000;
const EVENTS_MAX_LIMIT = 200;
/** Identity and credential fields a client may not set in a body: the actor header says who it is. */
const FORBIDDEN_SESSION_FIELDS = ["userId", "authorId", "githubToken", "token", "scmToken", "accessToken"];

export interface RoutedRequest {
  route: FakeControlPlaneRoute | "unknown";
  run(): { status: number; body: unknown };
}

/** Matches a verified request to its route; `run` does what the route does. */
export function routeControlPlaneRequest({
  method,
  url,
  body,
  actor,
  service,
  state,
  webSocket,
  catalog,
  issueWsToken,
}: {
  method: string;
  url: URL;
  body: unknown;
  actor: string | undefined;
  service: string;
  state: FakeControlPlaneState;
  webSocket: boolean;
  catalog: { repos: unknown[]; environments: unknown[] };
  issueWsToken(sessionId: string): string;
}): RoutedRequest {
  const input = (body ?? {}) as Record<string, unknown>;
  const path = url.pathname;
  const route = (name: FakeControlPlaneRoute, run: RoutedRequest["run"]): RoutedRequest => ({
    route: name,
    run,
  });
  const error = (status: number, message: string, extra: Record<string, unknown> = {}) => ({
    status,
    body: { error: message, ...extra },
  });

  if (method === "GET" && path === "/repos")
    return route("repos", () => ({
      status: 200,
      // The control plane lists only repositories that are not archived.
      body: { repos: catalog.repos.filter((repo) => (repo as { archived?: unknown }).archived !== true) },
    }));
  if (method === "GET" && path === "/environments")
    return route("environments", () => ({ status: 200, body: { environments: catalog.environments } }));
  if (method === "POST" && path === "/sessions")
    return route("createSession", () => {
      if (!actor) return error(403, "An actor is required to create a session");
      const forbidden = FORBIDDEN_SESSION_FIELDS.find((field) => field in input);
      if (forbidden) return error(400, `Field not allowed: ${forbidden}`);
      const known = catalog.environments.some(
        (environment) => (environment as { id?: unknown }).id === input.environmentId,
      );
      if (input.environmentId !== undefined && !known) return error(404, "Environment not found");
      const session = state.createSession(input, actor, service);
      return { status: 201, body: { sessionId: session.id, status: "created" } };
    });

  const match = /^\/sessions\/([^/]+)\/(prompt|stop|events|messages|artifacts|ws-token)$/.exec(path);
  if (!match) return { route: "unknown", run: () => error(404, "Not found") };
  const sessionId = decodeURIComponent(match[1]!);
  // As the control plane's session objects do, an id it does not hold answers too (empty, and a
  // prompt to it is queued but never runs): there is no 404 on these routes.
  const withSession =
    (run: (session: FakeRemoteSession) => { status: number; body: unknown }): RoutedRequest["run"] =>
    () =>
      run(state.sessionOrStandIn(sessionId));
  const action = match[2];

  if (method === "POST" && action === "prompt")
    return route(
      "prompt",
      withSession((session) => {
        if (session.status !== "active") return error(409, `Session is ${session.status}`);
        if (
          typeof input.content !== "string" ||
          input.content.length === 0 ||
          input.content.length > PROMPT_MAX_CHARS
        )
          return error(400, "content must be 1 to 64000 characters");
        if (state.unfinished(session) >= FAKE_PROMPT_QUEUE_LIMIT)
          return error(429, "Prompt queue is full", { code: "PROMPT_QUEUE_FULL" });
        const message = state.queuePrompt(session, {
          content: input.content,
          source: typeof input.source === "string" ? input.source : "unknown",
          model: typeof input.model === "string" ? input.model : undefined,
          author: actor ?? "",
        });
        return { status: 200, body: { messageId: message.id, status: "queued" } };
      }),
    );
  if (method === "POST" && action === "stop")
    return route(
      "stop",
      withSession((session) => {
        state.stop(session);
        return { status: 200, body: { status: "stopping" } };
      }),
    );
  if (method === "POST" && action === "ws-token")
    return route(
      "wsToken",
      withSession((session) =>
        webSocket ? { status: 200, body: { token: issueWsToken(session.id) } } : error(404, "Not found"),
      ),
    );
  if (method === "GET" && action === "events")
    return route(
      "events",
      withSession((session) => {
        const messageId = url.searchParams.get("message_id");
        const type = url.searchParams.get("type");
        const limit = Math.min(Number(url.searchParams.get("limit") ?? 50) || 50, EVENTS_MAX_LIMIT);
        const offset = Number(url.searchParams.get("cursor") ?? 0) || 0;
        const newestFirst = session.events
          .filter((event) => (!messageId || event.messageId === messageId) && (!type || event.type === type))
          .reverse();
        const events = newestFirst.slice(offset, offset + limit);
        const hasMore = offset + limit < newestFirst.length;
        return {
          status: 200,
          body: { events, hasMore, cursor: hasMore ? String(offset + limit) : undefined },
        };
      }),
    );
  if (method === "GET" && action === "messages")
    return route(
      "messages",
      withSession((session) => {
        const status = url.searchParams.get("status");
        const messages = session.messages.filter((message) => !status || message.status === status);
        return { status: 200, body: { messages, hasMore: false } };
      }),
    );
  if (method === "GET" && action === "artifacts")
    return route(
      "artifacts",
      withSession((session) => ({ status: 200, body: { artifacts: session.artifacts } })),
    );
  return { route: "unknown", run: () => error(405, "Method not allowed") };
}
