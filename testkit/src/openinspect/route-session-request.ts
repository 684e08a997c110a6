import { answerPrompt } from "./answer-prompt.js";
import type { FakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type { FakeControlPlaneRoute, FakeRemoteSession } from "./fake-control-plane-types.js";
import { listSessionEvents } from "./list-session-events.js";
import { errorAnswer, type RouteAnswer, type RoutedRequest } from "./routed-request.js";

const SESSION_PATH = /^\/sessions\/([^/]+)\/(prompt|stop|events|messages|artifacts|ws-token)$/;

/** Matches a request on one session (`/sessions/:id/…`) to its route. */
export function routeSessionRequest({
  method,
  url,
  input,
  actor,
  state,
  webSocket,
  issueWsToken,
}: {
  method: string;
  url: URL;
  input: Record<string, unknown>;
  actor: string | undefined;
  state: FakeControlPlaneState;
  webSocket: boolean;
  issueWsToken(sessionId: string): string;
}): RoutedRequest {
  const match = SESSION_PATH.exec(url.pathname);
  if (!match) return { route: "unknown", run: () => errorAnswer(404, "Not found") };
  const sessionId = decodeURIComponent(match[1]!);
  // As the control plane's session objects do, an id it does not hold answers too (empty, and a
  // prompt to it is queued but never runs): there is no 404 on these routes.
  const route = (
    name: FakeControlPlaneRoute,
    run: (session: FakeRemoteSession) => RouteAnswer,
  ): RoutedRequest => ({
    route: name,
    run: () => run(state.sessionOrStandIn(sessionId)),
  });
  const action = match[2];

  if (method === "POST" && action === "prompt")
    return route("prompt", (session) => answerPrompt(state, session, input, actor));
  if (method === "POST" && action === "stop")
    return route("stop", (session) => {
      state.stop(session);
      return { status: 200, body: { status: "stopping" } };
    });
  if (method === "POST" && action === "ws-token")
    return route("wsToken", (session) =>
      webSocket ? { status: 200, body: { token: issueWsToken(session.id) } } : errorAnswer(404, "Not found"),
    );
  if (method === "GET" && action === "events")
    return route("events", (session) => listSessionEvents(session, url.searchParams));
  if (method === "GET" && action === "messages")
    return route("messages", (session) => {
      const status = url.searchParams.get("status");
      const messages = session.messages.filter((message) => !status || message.status === status);
      return { status: 200, body: { messages, hasMore: false } };
    });
  if (method === "GET" && action === "artifacts")
    return route("artifacts", (session) => ({ status: 200, body: { artifacts: session.artifacts } }));
  return { route: "unknown", run: () => errorAnswer(405, "Method not allowed") };
}
