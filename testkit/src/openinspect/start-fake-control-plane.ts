import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createFailureScript } from "../slack/failure-script.js";
import { checkControlPlaneAuth } from "./check-control-plane-auth.js";
import { createFakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type {
  FakeAgentScript,
  FakeControlPlaneCall,
  FakeControlPlaneFailure,
  FakeControlPlaneRoute,
  FakeRemoteSession,
} from "./fake-control-plane-types.js";
import { parseJson } from "./parse-json.js";
import { routeControlPlaneRequest } from "./route-control-plane-request.js";
import { createSessionWebSockets } from "./serve-session-websockets.js";

/** The secret of each service identity, unless a test gives others. */
export const FAKE_CONTROL_PLANE_SECRETS = {
  "slack-bot": "fake-openinspect-slack-secret",
  "github-bot": "fake-openinspect-github-secret",
  "linear-bot": "fake-openinspect-linear-secret",
  web: "fake-openinspect-web-secret",
} as const;

/** The control plane refuses bodies over this size with 413. */
export const FAKE_CONTROL_PLANE_MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface FakeControlPlaneOptions {
  /** The secret of each identity it holds; a known identity left out is answered 500. */
  secrets?: Record<string, string>;
  /** A GitLab deployment answers 501 on every route a bot uses. */
  scmProvider?: "github" | "gitlab";
  /** When false, `ws-token` answers 404 and clients must poll. */
  webSocket?: boolean;
  repos?: Array<Record<string, unknown>>;
  environments?: Array<Record<string, unknown>>;
  script?: FakeAgentScript;
}

export interface FakeControlPlane {
  readonly url: string;
  /** Every request, in arrival order, with the status it got (0 for a dropped connection). */
  readonly calls: readonly FakeControlPlaneCall[];
  readonly sessions: readonly FakeRemoteSession[];
  callsTo(route: FakeControlPlaneRoute): FakeControlPlaneCall[];
  setScript(script: FakeAgentScript): void;
  failNext(route: FakeControlPlaneRoute, failure: FakeControlPlaneFailure, times?: number): void;
  /** Archives (or cancels) a session: its next prompt gets 409. */
  archiveSession(sessionId: string, status?: "archived" | "cancelled"): void;
  /** Drops a session, as a reset or cleaned-up control plane would: its id still answers, empty. */
  forgetSession(sessionId: string): void;
  /**
   * While a reason is set, no sandbox can start: each prompt that would start broadcasts
   * `sandbox_error` with it, keeps it as `spawnError`, and stays pending. `undefined` lifts it.
   */
  failSandbox(reason: string | undefined): void;
  /** Lets the prompt waiting at a `waitForRelease` step go on; false when none waits. */
  release(sessionId: string): boolean;
  /** How many WebSockets are subscribed to a session. */
  subscriberCount(sessionId: string): number;
  /** Cuts every WebSocket, like a network failure. */
  dropWebSockets(): void;
  closeServer(): Promise<void>;
}

/**
 * An Open-Inspect control plane on 127.0.0.1, speaking its HTTP API and session WebSocket: sig1
 * signatures with the actor-namespace rule, sessions, prompts run in order by a scripted agent,
 * events, artifacts, stop, and failures on demand (429, 409, 5xx, dropped answers).
 *
 * @example
 * const plane = await startFakeControlPlane();
 * // OPENINSPECT_URL=plane.url, OPENINSPECT_SLACK_SECRET=FAKE_CONTROL_PLANE_SECRETS["slack-bot"]
 * plane.failNext("prompt", { kind: "http", status: 503 });
 */
export async function startFakeControlPlane(
  options: FakeControlPlaneOptions = {},
): Promise<FakeControlPlane> {
  const secrets = options.secrets ?? FAKE_CONTROL_PLANE_SECRETS;
  const calls: FakeControlPlaneCall[] = [];
  const failures = createFailureScript<FakeControlPlaneFailure>();
  const wsTokens = new Map<string, string>();
  const state = createFakeControlPlaneState({
    broadcast: (session, message) => webSockets.broadcast(session.id, message),
  });
  const webSockets = createSessionWebSockets({ state, wsTokens });
  if (options.script) state.setScript(options.script);

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const body = await readLimitedBody(req);
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
    calls.push(call);
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
      state,
      webSocket: options.webSocket !== false,
      catalog: { repos: options.repos ?? [], environments: options.environments ?? [] },
      issueWsToken: (sessionId) => {
        const token = randomBytes(32).toString("hex");
        wsTokens.set(token, sessionId);
        return token;
      },
    });
    call.route = routed.route;
    const auth = checkControlPlaneAuth({
      headers: req.headers,
      method: call.method,
      url: `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`,
      body,
      secrets,
    });
    if (!auth.ok && auth.reason === "not_configured")
      return send(500, { error: "Service authentication not configured" });
    if (!auth.ok) return send(401, { error: "Unauthorized" });
    if (options.scmProvider === "gitlab" && routed.route !== "unknown")
      return send(501, { error: "SCM provider 'gitlab' is not implemented in this deployment." });
    const failure = routed.route === "unknown" ? undefined : failures.take(routed.route);
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

  const server = createServer((req, res) => {
    answer(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: error.message }));
    });
  });
  server.on("upgrade", (req, socket, head) => webSockets.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    get sessions() {
      return [...state.sessions.values()];
    },
    callsTo: (route) => calls.filter((call) => call.route === route),
    setScript: (script) => state.setScript(script),
    failNext: (route, failure, times) => failures.failNext(route, failure, times),
    archiveSession(sessionId, status = "archived") {
      const session = state.sessions.get(sessionId);
      if (!session) throw new Error(`the fake control plane has no session ${sessionId}`);
      session.status = status;
    },
    forgetSession: (sessionId) => state.forget(sessionId),
    failSandbox(reason) {
      state.setSandboxError(reason);
      if (reason === undefined) for (const session of state.sessions.values()) state.retry(session);
    },
    release: (sessionId) => state.release(sessionId),
    subscriberCount: (sessionId) => webSockets.subscriberCount(sessionId),
    dropWebSockets: () => webSockets.dropAll(),
    async closeServer() {
      state.close();
      webSockets.dropAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readLimitedBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FAKE_CONTROL_PLANE_MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
