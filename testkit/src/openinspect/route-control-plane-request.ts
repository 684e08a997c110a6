import type { FakeControlPlaneState } from "./create-fake-control-plane-state.js";
import { routeSessionRequest } from "./route-session-request.js";
import { errorAnswer, type RouteAnswer, type RoutedRequest } from "./routed-request.js";

/** Identity and credential fields a client may not set in a body: the actor header says who it is. */
const FORBIDDEN_SESSION_FIELDS = ["userId", "authorId", "githubToken", "token", "scmToken", "accessToken"];

export interface ControlPlaneCatalog {
  repos: unknown[];
  environments: unknown[];
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
  catalog: ControlPlaneCatalog;
  issueWsToken(sessionId: string): string;
}): RoutedRequest {
  const input = (body ?? {}) as Record<string, unknown>;
  const path = url.pathname;
  if (method === "GET" && path === "/repos")
    return {
      route: "repos",
      run: () => ({
        status: 200,
        // The control plane lists only repositories that are not archived.
        body: { repos: catalog.repos.filter((repo) => (repo as { archived?: unknown }).archived !== true) },
      }),
    };
  if (method === "GET" && path === "/environments")
    return {
      route: "environments",
      run: () => ({ status: 200, body: { environments: catalog.environments } }),
    };
  if (method === "POST" && path === "/sessions")
    return {
      route: "createSession",
      run: () => answerCreateSession({ input, actor, service, state, catalog }),
    };
  return routeSessionRequest({ method, url, input, actor, state, webSocket, issueWsToken });
}

/** `POST /sessions`: as an actor, with no identity fields, for an environment the catalog has. */
function answerCreateSession({
  input,
  actor,
  service,
  state,
  catalog,
}: {
  input: Record<string, unknown>;
  actor: string | undefined;
  service: string;
  state: FakeControlPlaneState;
  catalog: ControlPlaneCatalog;
}): RouteAnswer {
  if (!actor) return errorAnswer(403, "An actor is required to create a session");
  const forbidden = FORBIDDEN_SESSION_FIELDS.find((field) => field in input);
  if (forbidden) return errorAnswer(400, `Field not allowed: ${forbidden}`);
  const known = catalog.environments.some(
    (environment) => (environment as { id?: unknown }).id === input.environmentId,
  );
  if (input.environmentId !== undefined && !known) return errorAnswer(404, "Environment not found");
  const session = state.createSession(input, actor, service);
  return { status: 201, body: { sessionId: session.id, status: "created" } };
}
