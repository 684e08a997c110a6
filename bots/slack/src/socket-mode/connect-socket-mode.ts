import { BatonError, errorMessage, type Logger, settledWithin } from "@baton/core";
import { SocketModeClient } from "@slack/socket-mode";
import { routeSocketModeEnvelope, type SocketModeHandlers } from "./route-socket-mode-envelope.js";
import { toSocketModeLogger } from "./to-socket-mode-logger.js";

/** How long close() lets envelopes being handled finish and ack: Slack's own ack deadline. */
export const SOCKET_MODE_DRAIN_TIMEOUT_MS = 3_000;

export interface ConnectSocketModeOptions extends SocketModeHandlers {
  /** `SLACK_APP_TOKEN`: an app-level token (`xapp-…`) with the `connections:write` scope. */
  appToken: string;
  /** `SLACK_API_URL`: where `apps.connections.open` is called (an Enterprise host, or the fake Slack). */
  apiUrl?: string;
  logger: Logger;
  /**
   * How long to wait for a pong before dropping the connection; the SDK also waits this long (times
   * the failures in a row) before each reconnect. Defaults to the SDK's 5 s.
   */
  clientPingTimeoutMs?: number;
}

export interface SocketModeConnection {
  /** Stops taking envelopes, lets those being handled ack (bounded), then disconnects. */
  close(): Promise<void>;
}

/**
 * Connects Baton to Slack over Socket Mode, so that no public URL is needed: envelopes arrive on
 * a WebSocket and go to the same `routeEvent` and `dispatchInteraction` as `POST /slack/events`.
 * Resolves once Slack says hello. The SDK reconnects by itself when Slack recycles the connection
 * or the network drops; while Slack is unreachable at start it keeps trying. Rejects with a
 * `config_invalid` BatonError when Slack refuses the token.
 *
 * @example
 * const socket = await connectSocketMode({ appToken, logger, routeEvent: bot.routeEvent, dispatchInteraction: bot.dispatchInteraction });
 * // on shutdown
 * await socket.close();
 */
export async function connectSocketMode(options: ConnectSocketModeOptions): Promise<SocketModeConnection> {
  const { appToken, apiUrl, logger, clientPingTimeoutMs, routeEvent, dispatchInteraction } = options;
  const log = logger.child({ component: "bots.slack.socket_mode" });
  // Checked here because the SDK treats Slack's `not_allowed_token_type` as worth retrying forever.
  if (!appToken.startsWith("xapp-")) {
    throw new BatonError(
      "config_invalid",
      "SLACK_APP_TOKEN is not an app-level token (they start with xapp-). In your Slack app's settings, open Basic Information → App-Level Tokens, generate a token with the connections:write scope, and set SLACK_APP_TOKEN to it.",
    );
  }
  const client = new SocketModeClient({
    appToken,
    logger: toSocketModeLogger(log),
    clientOptions: apiUrl === undefined ? {} : { slackApiUrl: apiUrl },
    ...(clientPingTimeoutMs === undefined ? {} : { clientPingTimeout: clientPingTimeoutMs }),
  });

  const handlers: SocketModeHandlers = { routeEvent, dispatchInteraction };
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  let connectedCount = 0;

  client.on("connected", () => {
    connectedCount += 1;
    log.info("bots.slack.socket_mode.connected", { reconnect: connectedCount > 1 });
  });
  client.on("reconnecting", () => log.warn("bots.slack.socket_mode.reconnecting"));
  client.on("slack_event", (delivery: unknown) => {
    // Left unacked during shutdown, so that Slack delivers it again to a connection that stays.
    if (closing) return;
    const handled = routeSocketModeEnvelope(delivery, handlers, log);
    inFlight.add(handled);
    void handled.finally(() => inFlight.delete(handled));
  });

  try {
    await client.start();
  } catch (error) {
    client.removeAllListeners();
    throw startError(error);
  }

  let closed: Promise<void> | undefined;
  return {
    close() {
      closed ??= (async () => {
        closing = true;
        await drain(inFlight, SOCKET_MODE_DRAIN_TIMEOUT_MS);
        await client.disconnect();
        client.removeAllListeners();
        log.info("bots.slack.socket_mode.closed");
      })();
      return closed;
    },
  };
}

/** Waits for the promises (which never reject) or the timeout, whichever comes first. */
async function drain(inFlight: Set<Promise<void>>, timeoutMs: number): Promise<void> {
  if (inFlight.size > 0) await settledWithin(Promise.all(inFlight), timeoutMs);
}

/** Slack's answer to `apps.connections.open`, as a setup error that says what to do. */
function startError(error: unknown): BatonError {
  const code = (error as { data?: { error?: unknown } }).data?.error;
  if (typeof code === "string") {
    return new BatonError(
      "config_invalid",
      `Slack refused SLACK_APP_TOKEN for Socket Mode (${code}). Check that the token is an app-level token of this app with the connections:write scope, and that Socket Mode is enabled under Settings → Socket Mode.`,
      undefined,
      false,
      { cause: error },
    );
  }
  return new BatonError(
    "platform_failed",
    `Could not open a Socket Mode connection to Slack: ${errorMessage(error)}`,
    undefined,
    true,
    { cause: error },
  );
}
