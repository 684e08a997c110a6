import { createKeepAliveFetch } from "@baton/core";
import { GraphQLClientError, LinearClient, LinearGraphQLClient } from "@linear/sdk";

/** Who a client acts for: a person's (or the workspace's) API key, or an OAuth access token. */
export type LinearClientAuth = { apiKey: string } | { accessToken: string };

/**
 * A `LinearClient` whose GraphQL requests go through core's keep-alive fetch, not through the
 * global `fetch` the SDK calls. A request is a small JSON POST read whole; WHATWG `fetch` spends
 * several times its CPU on request and response objects, web streams and header guards, and a
 * Linear turn makes four or five of them: in bench:dispatch a Linear tenth of the turns cost about
 * a third of the worker's CPU. Answers and errors reach the SDK as they do from its own client
 * (the same `GraphQLClientError`, the same headers), so that its error types, `Retry-After`
 * included, are read as before.
 */
export function createLinearClient(
  auth: LinearClientAuth,
  apiUrl?: string,
  /** One per process, shared by its clients (one per workspace), so that they share its connections. */
  send: typeof fetch = createKeepAliveFetch(),
): LinearClient {
  const client = new LinearClient({ ...auth, apiUrl });
  // The SDK's generated calls send every request through `client.client.request`.
  client.client = new KeepAliveLinearGraphQLClient(
    client.options.apiUrl,
    headersOf(client.options.headers),
    send,
  );
  return client;
}

class KeepAliveLinearGraphQLClient extends LinearGraphQLClient {
  constructor(
    private readonly endpoint: string,
    private readonly baseHeaders: Record<string, string>,
    private readonly send: typeof fetch,
  ) {
    super(endpoint, { headers: baseHeaders });
  }

  override async request<Data, Variables extends Record<string, unknown>>(
    document: string,
    variables?: Variables,
    requestHeaders?: RequestInit["headers"],
  ): Promise<Data> {
    const answer = await this.send(this.endpoint, {
      method: "POST",
      headers: {
        ...this.baseHeaders,
        ...headersOf(requestHeaders),
        "content-type": "application/json",
      },
      body: JSON.stringify({ query: document, variables }),
    });
    const text = await answer.text();
    const { headers, status } = answer;
    const result = headers.get("content-type")?.startsWith("application/json")
      ? (JSON.parse(text) as { data?: Data; errors?: unknown[] })
      : text;
    const ok = status >= 200 && status < 300;
    if (typeof result !== "string" && ok && !result.errors && result.data) return result.data;
    throw new GraphQLClientError<Data, Variables>(
      {
        ...(typeof result === "string" ? { error: result } : result),
        status,
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
