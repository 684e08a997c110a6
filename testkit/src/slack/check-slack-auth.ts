export interface CheckSlackAuthOptions {
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
  /** Tokens to accept. When absent, any bot token (`xoxb-…`) is accepted. */
  validTokens: readonly string[] | undefined;
}

export interface SlackAuthCheck {
  token: string | undefined;
  error: "not_authed" | "invalid_auth" | undefined;
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
}: CheckSlackAuthOptions): SlackAuthCheck {
  const token = readBearerToken(authorization) ?? readFormToken(contentType, body);
  if (token === undefined || token === "") return { token: undefined, error: "not_authed" };
  const valid = validTokens === undefined ? token.startsWith("xoxb-") : validTokens.includes(token);
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
