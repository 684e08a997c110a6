import { Agent, request } from "undici";

/**
 * Keep-alive connections per origin a platform client holds. Without a cap, undici's pool opened a
 * connection for every request of a burst (a worker's beat sends the updates falling due in one
 * tick together), and each one the next burst did not need timed out idle and was opened again:
 * 100 Slack sessions in bench:sessions opened about 650 connections, some six a turn, each a
 * handshake and a parser. With eight, about none. A burst larger than that waits for a free
 * connection: at a platform's usual 100–200 ms a request, eight carry 40 to 80 requests a second,
 * more than any of Slack's, GitHub's or Linear's limits allow one workspace, installation or token.
 */
export const PLATFORM_CONNECTIONS = 8;

export interface KeepAliveFetchOptions {
  /** Keep-alive connections per origin (`PLATFORM_CONNECTIONS` unless given). */
  connections?: number;
  /**
   * How long a request waits to connect, for the answer to begin and between the chunks of its
   * body (undici's own defaults unless given). The agent's timers, rather than an
   * `AbortSignal.timeout` for every request, which is costly to make in Node 20.
   */
  timeoutMs?: number;
}

/**
 * A `fetch` for a platform's API client (Slack's WebClient, Octokit, Linear's GraphQL client): a
 * request with a string body or none goes through undici's `request` on a keep-alive agent of its
 * own, and its answer is read whole. A platform call is a short request whose answer is read
 * whole; WHATWG `fetch` spends several times the CPU of the request itself on request objects,
 * streams and header guards. A redirect is followed as fetch follows it; anything else (a stream
 * or form body, a `Request`) goes through the global `fetch`, as it would have. Idle sockets do
 * not keep the process alive (undici lets go of them), so there is nothing to close.
 */
export function createKeepAliveFetch({
  connections = PLATFORM_CONNECTIONS,
  timeoutMs,
}: KeepAliveFetchOptions = {}): typeof fetch {
  const agent = new Agent({
    connections,
    ...(timeoutMs === undefined
      ? {}
      : { connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
  });
  const fallbackSignal = () => (timeoutMs === undefined ? null : AbortSignal.timeout(timeoutMs));

  async function keepAliveFetch(
    input: Parameters<typeof fetch>[0],
    init?: RequestInit,
    redirects = 0,
  ): Promise<Response> {
    const url = fetchInputUrl(input);
    const body = init?.body;
    if (url === null || (body != null && typeof body !== "string"))
      return fetch(input, { ...init, signal: init?.signal ?? fallbackSignal() });
    const answer = await request(url, {
      method: (init?.method ?? "GET") as "GET",
      headers: plainHeaders(init?.headers),
      body: body ?? undefined,
      signal: init?.signal ?? undefined,
      dispatcher: agent,
    });
    const bytes = Buffer.from(await answer.body.arrayBuffer());
    const location = REDIRECTS.has(answer.statusCode) ? answer.headers.location : undefined;
    if (typeof location === "string" && init?.redirect !== "manual") {
      if (init?.redirect === "error" || redirects >= MAX_REDIRECTS)
        throw new TypeError(`fetch failed: ${url} redirected (${answer.statusCode})`);
      // Rare for an API (a renamed repository): followed as fetch follows it.
      const next = new URL(location, url);
      return keepAliveFetch(
        next.href,
        redirectedInit(answer.statusCode, init, new URL(url).origin === next.origin),
        redirects + 1,
      );
    }
    return bufferedResponse(url, answer.statusCode, answer.statusText, answerHeaders(answer.headers), bytes);
  }
  return keepAliveFetch as typeof fetch;
}

/** The URL a `fetch` input names, or null for a `Request` (which the global fetch is left to send). */
export function fetchInputUrl(input: Parameters<typeof fetch>[0]): string | null {
  return typeof input === "string" ? input : input instanceof URL ? input.href : null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** As many as fetch follows. */
const MAX_REDIRECTS = 20;
/** What describes a request's body, dropped with the body when a redirect turns it into a GET. */
const BODY_HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "content-location",
];
/** What fetch never sends on to another origin. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

/**
 * The request a redirect asks for, as fetch makes it: a 303, or a 301 or 302 of a POST, becomes a
 * GET without a body; its credentials are not sent to another origin.
 */
function redirectedInit(status: number, init: RequestInit | undefined, sameOrigin: boolean): RequestInit {
  const method = init?.method?.toUpperCase() ?? "GET";
  const toGet =
    (status === 303 && method !== "GET" && method !== "HEAD") ||
    ((status === 301 || status === 302) && method === "POST");
  const headers = new Headers(init?.headers);
  for (const name of toGet ? BODY_HEADERS : []) headers.delete(name);
  for (const name of sameOrigin ? [] : CREDENTIAL_HEADERS) headers.delete(name);
  const { body, ...rest } = init ?? {};
  return { ...rest, headers, ...(toGet ? { method: "GET" } : { body }) };
}

/** The request's headers as undici's `request` takes them (fetch allows a `Headers` or pairs too). */
function plainHeaders(headers: RequestInit["headers"]): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers));
  return headers as Record<string, string>;
}

function answerHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * An answer read whole, with the `Response` members a client reads: status, headers and the body
 * (as text, JSON, bytes, or a stream made when asked for). Not a `Response` itself: that would wrap
 * a few hundred bytes of JSON in a web stream, which Node makes transferable at a cost out of all
 * proportion (it showed in the worker's profile).
 */
function bufferedResponse(
  url: string,
  status: number,
  statusText: string,
  headers: Headers,
  bytes: Buffer,
): Response {
  const response: Partial<Response> = {
    url,
    status,
    statusText,
    headers,
    ok: status >= 200 && status < 300,
    redirected: false,
    type: "basic",
    bodyUsed: false,
    get body() {
      return new Blob([bytes]).stream();
    },
    text: async () => bytes.toString("utf8"),
    json: async () => JSON.parse(bytes.toString("utf8")),
    arrayBuffer: async () =>
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  };
  return response as Response;
}
