import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FailureScript } from "../slack/failure-script.js";
import { checkControlPlaneAuth } from "./check-control-plane-auth.js";
import type { FakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type { FakeControlPlaneCall, FakeControlPlaneFailure } from "./fake-control-plane-types.js";
import { parseJson } from "./parse-json.js";
import { readLimitedBody } from "./read-limited-body.js";
import { type ControlPlaneCatalog, routeControlPlaneRequest } from "./route-control-plane-request.js";

/** The control plane refuses bodies over this size with 413. */
export const FAKE_CONTROL_PLANE_MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface ControlPlaneRequestContext {
  secrets: Record<string, string>;
  /** Every request is recorded here, with the status it got. */
  calls: FakeControlPlaneCall[];
  failures: FailureScript<FakeControlPlaneFailure>;
  state: FakeControlPlaneState;
  /** WebSocket tokens issued by `ws-token`, to the session each is for. */
  wsTokens: Map<string, string>;
  webSocket: boolean;
  scmProvider?: "github" | "gitlab";
  catalog: ControlPlaneCatalog;
}

/**
 * Answers one HTTP request as the control plane does: 413 for a body too large, then the sig1
 * check (500 for an identity with no secret, 401 for a bad signature), 501 on a GitLab deployment,
 * a scripted failure if one is due, else the route's answer.
 */
export async function answerControlPlaneRequest(
  context: ControlPlaneRequestContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const body = await readLimitedBody(req, FAKE_CONTROL_PLANE_MAX_BODY_BYTES);
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const call: FakeControlPlaneCall = {
    method: req.method ?? "GET",
    path,
    route: "unknown",
    service: header(req, "x-openinspect-service"),
    actor: header(req, "x-openinspect-actor"),
    body: undefined,
    status: 0,
  };
  context.calls.push(call);
  const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    call.status = status;
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
  };
  if (body === undefined) return send(413, { error: "Payload too large" });
  call.body = parseJson(body);
  // Routed before the signature check only to name the route in `calls`; nothing runs unless it passes.
  const routed = routeControlPlaneRequest({
    method: call.method,
    url: new URL(req.url ?? "/", "http://fake"),
    body: call.body,
    actor: call.actor,
    service: call.service ?? "",
    state: context.state,
    webSocket: context.webSocket,
    catalog: context.catalog,
    issueWsToken: (sessionId) => {
      const token = randomBytes(32).toString("hex");
      context.wsTokens.set(token, sessionId);
      return token;
    },
  });
  call.route = routed.route;
  const auth = checkControlPlaneAuth({
    headers: req.headers,
    method: call.method,
    url: `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`,
    body,
    secrets: context.secrets,
  });
  if (!auth.ok && auth.reason === "not_configured")
    return send(500, { error: "Service authentication not configured" });
  if (!auth.ok) return send(401, { error: "Unauthorized" });
  if (context.scmProvider === "gitlab" && routed.route !== "unknown")
    return send(501, { error: "SCM provider 'gitlab' is not implemented in this deployment." });
  const failure = routed.route === "unknown" ? undefined : context.failures.take(routed.route);
  if (failure?.kind === "http") {
    const retry: Record<string, string> =
      failure.retryAfterSeconds === undefined ? {} : { "retry-after": String(failure.retryAfterSeconds) };
    return send(failure.status, failure.body ?? { error: `scripted ${failure.status}` }, retry);
  }
  if (failure?.kind === "drop" && !failure.after) return void req.socket.destroy();
  const result = routed.run();
  if (failure?.kind === "drop") return void req.socket.destroy();
  send(result.status, result.body);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
