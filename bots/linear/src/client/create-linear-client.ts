import { GraphQLClientError, LinearClient, LinearGraphQLClient } from "@linear/sdk";
import { Agent, request } from "undici";

/** Who a client acts for: a person's (or the workspace's) API key, or an OAuth access token. */
export type LinearClientAuth = { apiKey: string } | { accessToken: string };

/**
 * A `LinearClient` whose GraphQL requests go through undici's `request` on a keep-alive agent of
 * its own, not through the global `fetch` the SDK calls. A request is a small JSON POST read
 * whole; WHATWG `fetch` spends several times its CPU on request and response objects, web streams
 * and header guards, and a Linear turn makes four or five of them: in bench:dispatch a Linear
 * tenth of the turns cost about a third of the worker's CPU. Answers and errors reach the SDK as
 * they do from its own client (the same `GraphQLClientError`, the same headers), so that its
 * error types, `Retry-After` included, are read as before.
 */
/**
 * Keep-alive connections to Linear per client. Uncapped, a burst of a worker's requests opened a
 * connection each, and those idle until the next burst timed out and were opened again (about five
 * new connections a second in bench:sessions' Linear third). A token's budget allows 1,500
 * requests an hour, which a single connection could carry; eight leave room for bursts.
 */
export const LINEAR_CONNECTIONS = 8;

export function createLinearClient(auth: LinearClientAuth, apiUrl?: string): LinearClient {
  const client = new LinearClient({ ...auth, apiUrl });
  // The SDK's generated calls send every request through `client.client.request`.
  client.client = new UndiciLinearGraphQLClient(
    client.options.apiUrl,
    headersOf(client.options.headers),
    new Agent({ connections: LINEAR_CONNECTIONS }),
  );
  return client;
}

class UndiciLinearGraphQLClient extends LinearGraphQLClient {
  constructor(
    private readonly endpoint: string,
    private readonly baseHeaders: Record<string, string>,
    private readonly agent: Agent,
  ) {
    super(endpoint, { headers: baseHeaders });
  }

  override async request<Data, Variables extends Record<string, unknown>>(
    document: string,
    variables?: Variables,
    requestHeaders?: RequestInit["headers"],
  ): Promise<Data> {
    const answer = await request(this.endpoint, {
      method: "POST",
      headers: {
        ...this.baseHeaders,
        ...headersOf(requestHeaders),
        "content-type": "application/json",
      },
      body: JSON.stringify({ query: document, variables }),
      dispatcher: this.agent,
    });
    const text = await answer.body.text();
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const one of value) headers.append(name, one);
      else if (value !== undefined) headers.append(name, value);
    }
    const result = headers.get("content-type")?.startsWith("application/json")
      ? (JSON.parse(text) as { data?: Data; errors?: unknown[] })
      : text;
    const ok = answer.statusCode >= 200 && answer.statusCode < 300;
    if (typeof result !== "string" && ok && !result.errors && result.data) return result.data;
    throw new GraphQLClientError<Data, Variables>(
      {
        ...(typeof result === "string" ? { error: result } : result),
        status: answer.statusCode,
        headers,
      } as ConstructorParameters<typeof GraphQLClientError<Data, Variables>>[0],
      { query: document, variables },
    );
  }
}

/** Headers as a plain record, lower-cased names, whatever form `RequestInit` gave them in. */
function headersOf(init: RequestInit["headers"] | undefined): Record<string, string> {
  return init ? Object.fromEntries(new Headers(init).entries()) : {};
}
