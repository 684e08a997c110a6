import { type ConnectSocketModeOptions, connectSocketMode } from "./connect-socket-mode.js";

/** On shutdown, how long to wait for a Socket Mode connection still being made before giving up on it. */
export const SOCKET_MODE_CONNECT_WAIT_ON_STOP_MS = 1_000;

/**
 * Socket Mode in the background: Slack pushes the same envelopes over a WebSocket; no public URL
 * needed. It connects (and keeps retrying) without being awaited, so that a Slack outage or a bad
 * app token at startup holds up neither the worker nor shutdown; a failure is logged. Returns the
 * function that closes it.
 */
export function startSocketMode(options: ConnectSocketModeOptions): () => Promise<void> {
  const connecting = connectSocketMode(options);
  connecting.catch((error: Error) =>
    // The event keeps the name it had when the server opened the connection (dashboards match it).
    options.logger
      .child({ component: "server" })
      .error("server.slack.socket_mode_failed", { error: error.message }),
  );
  return async () => {
    const connection = await Promise.race([
      connecting.catch(() => null),
      new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), SOCKET_MODE_CONNECT_WAIT_ON_STOP_MS).unref(),
      ),
    ]);
    await connection?.close();
  };
}
