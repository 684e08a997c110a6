export interface CheckSlackAuthOptions {
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
  /** Tokens to accept. When absent, any token of `tokenType` (`xoxb-…` or `xapp-…`) is accepted. */
  validTokens: readonly string[] | undefined;
  /** The kind of token the method takes: bot for the Web API, app-level for `apps.connections.open`. */
  tokenType?: "bot" | "app";
}

export interface SlackAuthCheck {
  token: string | undefined;
  error: "not_authed" | "invalid_auth" | "not_allowed_token_type" | undefined;
}

/**
 * Finds the token on a Web API request and judges it. WebClient sends it as a bearer header; older
 * clients send a `token` form field. Slack ignores a `token` inside a JSON body (JSON requests must
 * use the header), so this does too.
 */
export function checkSlackAuth({
  authorization,
  contentType,
  body,
  validTokens,
  tokenType = "bot",
}: CheckSlackAuthOptions): SlackAuthCheck {
  const token = readBearerToken(authorization) ?? readFormToken(contentType, body);
  if (token === undefined || token === "") return { token: undefined, error: "not_authed" };
  const [prefix, otherPrefix] = tokenType === "app" ? ["xapp-", "xoxb-"] : ["xoxb-", "xapp-"];
  // Slack tells a token of the wrong kind apart from a bad one.
  if (token.startsWith(otherPrefix)) return { token, error: "not_allowed_token_type" };
  const valid = validTokens === undefined ? token.startsWith(prefix) : validTokens.includes(token);
  return { token, error: valid ? undefined : "invalid_auth" };
}

function readBearerToken(authorization: string | undefined): string | undefined {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

function readFormToken(contentType: string | undefined, body: Record<string, unknown>): string | undefined {
  if (contentType?.toLowerCase().startsWith("application/json")) return undefined;
  return typeof body.token === "string" ? body.token : undefined;
}
