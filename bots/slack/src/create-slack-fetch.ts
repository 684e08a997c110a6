import { Agent, request } from "undici";
import type { SlackBudgets } from "./budget/slack-budgets.js";

/**
 * The `fetch` under Baton's Slack `WebClient` (and Bolt's `respond`): its calls go through
 * undici's `request` on a keep-alive agent of their own; anything but a string body (a file
 * upload) goes through the global `fetch`. A Web API call is a short POST whose answer is read
 * whole; WHATWG `fetch` spends several times the CPU of the request itself on request objects,
 * streams and header guards, and a busy worker makes seven such calls a turn. The answer has what
 * the client reads of a `Response` (see `bufferedResponse`). Idle sockets do not keep the process
 * alive (undici lets go of them), so there is nothing to close.
 */
/**
 * Keep-alive connections to Slack per worker. Without a cap the pool opened a connection for every
 * call of a burst (the beat sends the status updates falling due in one tick together), and each
 * one it did not need by the next burst timed out idle and was opened again: 100 Slack sessions in
 * bench:sessions opened about 650 connections, some 6 a turn, each a handshake and a parser. With
 * eight, about none. A burst larger than that waits for a free connection: at Slack's usual
 * 100–200 ms a call, eight carry 40 to 80 calls a second, more than a workspace's limits allow.
 */
export const SLACK_CONNECTIONS = 8;

export function createSlackFetch({
  timeoutMs,
  budgets,
}: {
  timeoutMs: number;
  /** The workspace's rate budgets: each call waits for its own, and a 429 pauses it for every worker. */
  budgets?: SlackBudgets;
}): typeof fetch {
  // The agent's own timers, rather than WebClient's `timeout` (an `AbortSignal.timeout` for every
  // call, costly to make in Node 20): a call waits at most `timeoutMs` to connect, as long for
  // Slack's answer to begin, and as long between the chunks of its body.
  const agent = new Agent({
    connections: SLACK_CONNECTIONS,
    connectTimeout: timeoutMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  async function slackFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : null;
    const { body } = init ?? {};
    const buckets = budgets && url !== null ? bucketsOfCall(budgets, url, body) : [];
    if (budgets && buckets.length > 0)
      await budgets.replyBudget.beforeRequest(buckets, init?.signal ?? undefined);
    const answered = await send(url, input, init);
    const retryAfter = answered.status === 429 ? Number(answered.headers.get("retry-after")) : Number.NaN;
    if (budgets && Number.isFinite(retryAfter))
      for (const bucket of buckets) await budgets.replyBudget.refused(bucket, retryAfter * 1000);
    return answered;
  }

  async function send(
    url: string | null,
    input: Parameters<typeof fetch>[0],
    init?: RequestInit,
  ): Promise<Response> {
    const { body } = init ?? {};
    if (url === null || (body != null && typeof body !== "string"))
      return fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    const answer = await request(url, {
      method: (init?.method ?? "GET") as "GET",
      headers: init?.headers as Record<string, string> | undefined,
      body: body ?? undefined,
      signal: init?.signal ?? undefined,
      dispatcher: agent,
    });
    const text = await answer.body.text();
    // The client asks fetch not to follow redirects (`redirect: "error"`); fetch then fails.
    if (init?.redirect === "error" && answer.statusCode >= 300 && answer.statusCode < 400)
      throw new TypeError(`fetch failed: ${url} redirected (${answer.statusCode})`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const one of value) headers.append(name, one);
      else if (value !== undefined) headers.append(name, value);
    }
    return bufferedResponse({
      url,
      status: answer.statusCode,
      statusText: answer.statusText,
      headers,
      text,
    });
  }

  return slackFetch as typeof fetch;
}

/**
 * The budgets a Web API call draws on: its method's, or for a method limited per channel
 * (chat.postMessage, assistant.threads.setStatus) its channel's.
 */
function bucketsOfCall(budgets: SlackBudgets, url: string, body: RequestInit["body"]) {
  const method = url.slice(url.lastIndexOf("/") + 1).split("?")[0] ?? "";
  return budgets.bucketsOf(method, () => {
    if (typeof body !== "string") return undefined;
    // WebClient sends a form (JSON for a few methods); read the channel only for the methods
    // limited per channel. The assistant methods name it `channel_id`.
    if (!body.startsWith("{")) {
      const form = new URLSearchParams(body);
      return form.get("channel") ?? form.get("channel_id") ?? undefined;
    }
    try {
      const parsed = JSON.parse(body) as { channel?: string; channel_id?: string };
      return parsed.channel ?? parsed.channel_id;
    } catch {
      return undefined;
    }
  });
}

/**
 * An answer read whole, with the `Response` members a client reads: status, headers and the body.
 * Not a `Response` itself: that would wrap a few hundred bytes of JSON in a web stream, which Node
 * makes transferable at a cost out of all proportion (it showed in the worker's profile).
 */
function bufferedResponse(answer: {
  url: string;
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}): Response {
  const { url, status, statusText, headers, text } = answer;
  const response: Partial<Response> = {
    url,
    status,
    statusText,
    headers,
    ok: status >= 200 && status < 300,
    redirected: false,
    type: "basic",
    text: async () => text,
    json: async () => JSON.parse(text),
    arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
  };
  return response as Response;
}
