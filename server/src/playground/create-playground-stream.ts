import type { ServerResponse } from "node:http";

/** A comment line now and then keeps proxies and the browser from dropping a quiet stream. */
export const PLAYGROUND_KEEPALIVE_MS = 15_000;

export interface PlaygroundStream {
  /** Answers a page's `EventSource` request: the first event is `first()`, then every `send`. */
  open(response: ServerResponse, first: unknown, headers: Record<string, string>): void;
  send(event: unknown): void;
  /** Ends every open stream (shutdown). */
  close(): void;
}

/** The server-sent events that carry the panes' states to open pages. */
export function createPlaygroundStream(): PlaygroundStream {
  const clients = new Set<ServerResponse>();
  const write = (response: ServerResponse, event: unknown) =>
    response.write(`data: ${JSON.stringify(event)}\n\n`);
  const keepalive = setInterval(() => {
    for (const client of clients) client.write(": keepalive\n\n");
  }, PLAYGROUND_KEEPALIVE_MS);
  keepalive.unref();
  return {
    open(response, first, headers) {
      response.writeHead(200, {
        ...headers,
        "content-type": "text/event-stream; charset=utf-8",
        connection: "keep-alive",
      });
      write(response, first);
      clients.add(response);
      response.on("close", () => clients.delete(response));
    },
    send(event) {
      for (const client of clients) write(client, event);
    },
    close() {
      clearInterval(keepalive);
      for (const client of clients) client.end();
      clients.clear();
    },
  };
}
