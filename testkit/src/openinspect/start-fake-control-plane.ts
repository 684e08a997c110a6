import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createFailureScript } from "../slack/failure-script.js";
import {
  answerControlPlaneRequest,
  type ControlPlaneRequestContext,
} from "./answer-control-plane-request.js";
import { createFakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type {
  FakeAgentScript,
  FakeControlPlaneCall,
  FakeControlPlaneFailure,
  FakeControlPlaneRoute,
  FakeRemoteSession,
} from "./fake-control-plane-types.js";
import { createSessionWebSockets } from "./serve-session-websockets.js";

/** The secret of each service identity, unless a test gives others. */
export const FAKE_CONTROL_PLANE_SECRETS = {
  "slack-bot": "fake-openinspect-slack-secret",
  "github-bot": "fake-openinspect-github-secret",
  "linear-bot": "fake-openinspect-linear-secret",
  web: "fake-openinspect-web-secret",
} as const;

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
  const context: ControlPlaneRequestContext = {
    secrets,
    calls,
    failures,
    state,
    wsTokens,
    webSocket: options.webSocket !== false,
    scmProvider: options.scmProvider,
    catalog: { repos: options.repos ?? [], environments: options.environments ?? [] },
  };

  const server = createServer((req, res) => {
    answerControlPlaneRequest(context, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      // core's errorMessage, written out: core's own tests use testkit, so testkit cannot import core.
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
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
