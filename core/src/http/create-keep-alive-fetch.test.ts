import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createKeepAliveFetch, PLATFORM_CONNECTIONS } from "./create-keep-alive-fetch.js";

/** A loopback server answering with `handle`; gives its base URL and the bodies it was sent. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const received: Array<{ method: string; url: string; headers: IncomingMessage["headers"]; body: string }> =
    [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("createKeepAliveFetch", () => {
  it("sends the request as given and hands back the answer whole: status, every header, the body", async () => {
    const { url, received } = await serve((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.setHeader("retry-after", "7");
      res.writeHead(429).end('{"ok":false,"error":"ratelimited"}');
    });
    const answer = await createKeepAliveFetch()(`${url}/api/chat.update`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer xoxb-test", "content-type": "application/json" }),
      body: '{"channel":"C1"}',
    });
    expect(received).toMatchObject([
      {
        method: "POST",
        url: "/api/chat.update",
        headers: { authorization: "Bearer xoxb-test" },
        body: '{"channel":"C1"}',
      },
    ]);
    expect(answer.status).toBe(429);
    expect(answer.ok).toBe(false);
    expect(answer.headers.get("retry-after")).toBe("7");
    expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await answer.json()).toEqual({ ok: false, error: "ratelimited" });
  });

  it("keeps a binary answer's bytes as they came, and gives them as a stream when asked", async () => {
    const bytes = Buffer.from([0xff, 0x00, 0xc3, 0x28, 0x7f]);
    const { url } = await serve((_req, res) =>
      res.setHeader("content-type", "application/octet-stream").end(bytes),
    );
    const fetch = createKeepAliveFetch();
    expect(Buffer.from(await (await fetch(`${url}/blob`)).arrayBuffer())).toEqual(bytes);
    const streamed = await new Response((await fetch(`${url}/blob`)).body).arrayBuffer();
    expect(Buffer.from(streamed)).toEqual(bytes);
  });

  it("carries a burst of requests on its few keep-alive connections instead of one each", async () => {
    // Answers are held until a connection's worth have arrived, so the requests really overlap.
    const sockets = new Set<unknown>();
    const held: Array<() => void> = [];
    const { url, server } = await serve((_req, res) => {
      held.push(() => res.setHeader("content-type", "application/json").end('{"ok":true}'));
      if (held.length === PLATFORM_CONNECTIONS) for (const answer of held.splice(0)) answer();
    });
    server.on("request", (req: IncomingMessage) => sockets.add(req.socket));
    const fetch = createKeepAliveFetch();
    const burst = Array.from({ length: PLATFORM_CONNECTIONS * 3 }, (_, step) =>
      fetch(`${url}/api/chat.update`, { method: "POST", body: `step=${step}` }).then((answer) =>
        answer.json(),
      ),
    );
    expect(await Promise.all(burst)).toEqual(
      Array.from({ length: PLATFORM_CONNECTIONS * 3 }, () => ({ ok: true })),
    );
    expect(sockets.size).toBe(PLATFORM_CONNECTIONS);
  });

  it("follows a redirect as fetch does, returns it when asked to, and fails when told redirects are errors", async () => {
    const { url, received } = await serve((req, res) => {
      if (req.url === "/old") res.writeHead(301, { location: "/new" }).end();
      else res.setHeader("content-type", "text/plain").end(`at ${req.url}`);
    });
    const fetch = createKeepAliveFetch();
    expect(await (await fetch(`${url}/old`)).text()).toBe("at /new");
    const manual = await fetch(`${url}/old`, { redirect: "manual" });
    expect([manual.status, manual.headers.get("location")]).toEqual([301, "/new"]);
    await expect(fetch(`${url}/old`, { redirect: "error" })).rejects.toThrow(TypeError);
    expect(received.map((request) => request.url)).toEqual(["/old", "/new", "/old", "/old"]);
  });

  it("follows a POST's redirect as fetch does: a 303 as a GET, a 307 with its body; credentials stay on their origin", async () => {
    const elsewhere = await serve((req, res, body) => res.end(`${req.method} ${req.url} ${body}`));
    const { url, received } = await serve((req, res, body) => {
      if (req.url === "/see-other") res.writeHead(303, { location: "/done" }).end();
      else if (req.url === "/temporary") res.writeHead(307, { location: "/done" }).end();
      else if (req.url === "/away") res.writeHead(307, { location: `${elsewhere.url}/there` }).end();
      else res.end(`${req.method} ${req.url} ${body}`);
    });
    const fetch = createKeepAliveFetch();
    const post = { method: "POST", headers: { authorization: "Bearer secret" }, body: "payload" };
    expect(await (await fetch(`${url}/see-other`, post)).text()).toBe("GET /done ");
    expect(await (await fetch(`${url}/temporary`, post)).text()).toBe("POST /done payload");
    expect(await (await fetch(`${url}/away`, post)).text()).toBe("POST /there payload");
    expect(
      received.filter((request) => request.url === "/done").map((request) => request.headers.authorization),
    ).toEqual(["Bearer secret", "Bearer secret"]);
    expect(elsewhere.received[0]?.headers.authorization).toBeUndefined();
  });

  it("sends a body that is not a string through the global fetch, unchanged", async () => {
    const { url, received } = await serve((_req, res) => res.end("stored"));
    const answer = await createKeepAliveFetch()(`${url}/upload`, {
      method: "POST",
      body: new TextEncoder().encode("file contents"),
    });
    expect(await answer.text()).toBe("stored");
    expect(received).toMatchObject([{ method: "POST", url: "/upload", body: "file contents" }]);
  });

  it("gives up on a server that never answers, after its timeout", async () => {
    const { url } = await serve(() => {});
    await expect(createKeepAliveFetch({ timeoutMs: 200 })(`${url}/silent`)).rejects.toThrow();
  });
});
