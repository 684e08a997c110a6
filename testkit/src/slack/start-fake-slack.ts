import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RandomFaults } from "../net/random-faults.js";
import { answerSlackCall, type SlackCallAnswer } from "./answer-slack-call.js";
import { createCallRecorder, type FakeSlackCall, type WaitForCallOptions } from "./call-recorder.js";
import { checkSlackAuth } from "./check-slack-auth.js";
import { createFailureScript, type FakeSlackFailure } from "./failure-script.js";
import { FAKE_SLACK_DEFAULTS, type FakeSlackIdentity } from "./fake-slack-defaults.js";
import {
  createFakeSlackDirectory,
  type SeedChannelInput,
  type SeedUserGroupInput,
  type SeedUserInput,
} from "./fake-slack-directory.js";
import { createFakeSlackStore, type FakeSlackMessage } from "./fake-slack-store.js";
import { APP_TOKEN_METHODS } from "./methods/app-methods.js";
import { parseSlackApiBody } from "./parse-slack-api-body.js";
import { type SeedMessageInput, seedMessageInto } from "./seed-message.js";
import {
  createFakeSlackRateLimits,
  type FakeSlackRateLimitOptions,
  type FakeSlackRateLimits,
} from "./slack-rate-limits.js";
import { createFakeSocketMode, type FakeSocketMode } from "./socket-mode/create-fake-socket-mode.js";

export interface FakeSlackOptions extends Partial<FakeSlackIdentity> {
  /** Tokens to accept; others get `invalid_auth`. Defaults to any bot token (`xoxb-…`). */
  validTokens?: readonly string[];
  /** App-level tokens `apps.connections.open` accepts; others get `invalid_auth`. Defaults to any `xapp-…`. */
  validAppTokens?: readonly string[];
  /** Answers a random share of calls with a 429 or a 5xx (after any scripted failure). */
  faults?: RandomFaults;
  /**
   * Where message timestamps start, in seconds (a fixed instant of 2023 by default, so tests are
   * deterministic). Starting from the clock gives each run threads of its own when Redis outlives it.
   */
  firstTsSeconds?: number;
  /**
   * Enforces Slack's published rate limits (tiers per method per workspace, chat.postMessage and
   * assistant.threads.setStatus per channel), answering 429 with `Retry-After` as Slack does. Off by default; `true` for the
   * published figures, or options to change them or the clock.
   */
  rateLimits?: boolean | FakeSlackRateLimitOptions;
}

export interface FakeSlack {
  /** Web API base URL ending in `/api/`, ready for WebClient's `slackApiUrl`. */
  readonly url: string;
  readonly identity: Readonly<FakeSlackIdentity>;
  /** Every call in arrival order, failed ones included (see `outcome`). */
  readonly calls: readonly FakeSlackCall[];
  /** TCP connections clients opened to the Web API, for tests of connection reuse. */
  readonly connectionsOpened: number;
  callsTo(method: string): FakeSlackCall[];
  /** Resolves with the calls to `method` once `count` have arrived; rejects after `timeoutMs`. */
  waitForCall(method: string, options?: WaitForCallOptions): Promise<FakeSlackCall[]>;
  /**
   * Calls `listener` after each call is answered in the store (the playground follows the fake
   * this way); returns the function that unsubscribes.
   */
  onCall(listener: (call: FakeSlackCall) => void): () => void;
  /** Every stored message in `channel`, oldest first, thread replies included (as history has them). */
  messagesIn(channel: string): FakeSlackMessage[];
  /** Answers the next `times` calls to `method` with `failure` instead of the real result. */
  failNext(method: string, failure: FakeSlackFailure, times?: number): void;
  seedMessage(input: SeedMessageInput): FakeSlackMessage;
  seedChannel(input: SeedChannelInput): void;
  seedUser(input: SeedUserInput): void;
  /** A user group whose members `usergroups.users.list` lists. */
  seedUserGroup(input: SeedUserGroupInput): void;
  /** Reaction names currently on a message, in the order they were added. */
  reactionsOn(channel: string, ts: string): string[];
  /**
   * The app's status line under a thread now (`assistant.threads.setStatus`), or undefined once
   * cleared: by an empty status, a reply of the app in the thread, or two minutes passing.
   */
  threadStatus(channel: string, threadTs: string): string | undefined;
  /** Socket Mode: `apps.connections.open` hands out links to this fake's WebSocket server. */
  readonly socketMode: FakeSocketMode;
  /** The rate limits in force, when `rateLimits` was asked for. */
  readonly rateLimits: FakeSlackRateLimits | undefined;
  /**
   * Forgets calls, scripted failures, messages, reactions, seeds and Socket Mode acks (open
   * Socket Mode connections stay). Timestamps keep increasing.
   */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a local Slack Web API on 127.0.0.1 that answers like Slack and records every call.
 *
 * @example
 * const slack = await startFakeSlack();
 * const client = new WebClient("xoxb-test", { slackApiUrl: slack.url });
 * await client.chat.postMessage({ channel: "C1", text: "Session started" });
 * expect(slack.callsTo("chat.postMessage")[0]?.body).toMatchObject({ channel: "C1" });
 * await slack.close();
 */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const { validTokens, validAppTokens, faults, firstTsSeconds, rateLimits, ...overrides } = options;
  const identity: FakeSlackIdentity = { ...FAKE_SLACK_DEFAULTS, ...overrides };
  const store = createFakeSlackStore(firstTsSeconds === undefined ? {} : { firstTsSeconds });
  const directory = createFakeSlackDirectory(identity);
  const recorder = createCallRecorder();
  const script = createFailureScript();
  const limits = rateLimits ? createFakeSlackRateLimits(rateLimits === true ? {} : rateLimits) : undefined;
  let origin = "";
  const socketMode = createFakeSocketMode({ appId: identity.appId, origin: () => origin });

  async function receiveCall(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.url?.split("?")[0]?.match(/^\/api\/([\w.]+)$/)?.[1];
    if (method === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("The fake Slack serves POST /api/<method>.");
      return;
    }
    const at = Date.now();
    const rawBody = await readBody(req);
    const contentType = req.headers["content-type"];
    const parsed = parseSlackApiBody({ contentType, rawBody });
    const body = parsed.ok ? parsed.body : {};
    const appLevel = APP_TOKEN_METHODS.has(method);
    const auth = checkSlackAuth({
      authorization: req.headers.authorization,
      contentType,
      body,
      validTokens: appLevel ? validAppTokens : validTokens,
      tokenType: appLevel ? "app" : "bot",
    });
    const context = { body, store, directory, identity, socketMode };
    const result = answerSlackCall({
      method,
      parsed,
      auth,
      scripted: script.take(method) ?? faults?.next() ?? limits?.check(method, body, identity.teamId),
      context,
    });
    // Recorded before answering so a test woken by waitForCall already sees the state change.
    recorder.record({ method, body, rawBody, contentType, token: auth.token, at, outcome: result.outcome });
    writeAnswer(res, result);
  }

  const server = createServer((req, res) => {
    receiveCall(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`fake Slack crashed: ${String(error)}`);
    });
  });
  server.on("upgrade", socketMode.handleUpgrade);
  let connectionsOpened = 0;
  server.on("connection", () => {
    connectionsOpened += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    identity,
    calls: recorder.calls,
    get connectionsOpened() {
      return connectionsOpened;
    },
    callsTo: recorder.callsTo,
    waitForCall: recorder.waitForCall,
    onCall: recorder.subscribe,
    messagesIn: store.messagesIn,
    failNext: script.failNext,
    seedMessage: (input) => seedMessageInto(store, input, identity),
    seedChannel: directory.seedChannel,
    seedUser: directory.seedUser,
    seedUserGroup: directory.seedUserGroup,
    reactionsOn: store.reactionsOn,
    threadStatus: store.threadStatus,
    socketMode,
    rateLimits: limits,
    reset() {
      for (const part of [recorder, script, store, directory, socketMode]) part.reset();
      limits?.limiter.reset();
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        recorder.dispose("the fake Slack was closed");
        socketMode.close("the fake Slack was closed");
        server.close((error) => (error ? reject(error) : resolve()));
        // WebClient's fetch keeps connections alive; without this close() waits for them to idle out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function writeAnswer(res: ServerResponse, { outcome, answer }: SlackCallAnswer): void {
  if (outcome.kind === "rate_limited") {
    res.writeHead(429, {
      "content-type": "application/json",
      "retry-after": String(outcome.retryAfterSeconds),
    });
    res.end(JSON.stringify({ ok: false, error: "ratelimited" }));
  } else if (outcome.kind === "http") {
    res.writeHead(outcome.status, { "content-type": "text/plain" }).end(`scripted HTTP ${outcome.status}`);
  } else {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }
}
