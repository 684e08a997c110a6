/** Linear's consent page; not an API host, so `LINEAR_API_URL` does not move it. */
export const LINEAR_AUTHORIZE_URL = "https://linear.app/oauth/authorize";
/** Linear's GraphQL endpoint, used when `LINEAR_API_URL` is not set. */
export const LINEAR_DEFAULT_API_URL = "https://api.linear.app/graphql";

/**
 * What Baton asks for: read and write (activities, issue state, delegation), and to be assignable
 * and mentionable as an agent. `actor=app` makes Baton its own user in the workspace.
 */
export const LINEAR_OAUTH_SCOPES = ["read", "write", "app:assignable", "app:mentionable"] as const;

/** Webhook events the OAuth app subscribes to ("Agent session events" in Linear's app settings). */
export const LINEAR_WEBHOOK_EVENTS = ["AgentSessionEvent"] as const;

export const LINEAR_WEBHOOK_PATH = "/linear/webhooks";
export const LINEAR_OAUTH_CALLBACK_PATH = "/linear/oauth/callback";
export const LINEAR_OAUTH_INSTALL_PATH = "/linear/oauth/install";

/** The token endpoint next to the GraphQL endpoint: `https://api.linear.app/oauth/token` for Linear's. */
export function linearTokenUrl(apiUrl: string = LINEAR_DEFAULT_API_URL): string {
  return new URL("/oauth/token", apiUrl).toString();
}

export interface LinearAppSettings {
  callbackUrl: string;
  webhookUrl: string;
  installPath: string;
  scopes: readonly string[];
  events: readonly string[];
}

/** The settings to enter in Linear (Settings → API → OAuth applications) for a Baton at `publicUrl`. */
export function linearAppSettings(publicUrl: string): LinearAppSettings {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    callbackUrl: `${base}${LINEAR_OAUTH_CALLBACK_PATH}`,
    webhookUrl: `${base}${LINEAR_WEBHOOK_PATH}`,
    installPath: `${base}${LINEAR_OAUTH_INSTALL_PATH}`,
    scopes: LINEAR_OAUTH_SCOPES,
    events: LINEAR_WEBHOOK_EVENTS,
  };
}

/** The link that installs Baton in a workspace (as an app user, with the agent scopes). */
export function linearInstallUrl({
  clientId,
  redirectUri,
  state,
}: {
  clientId: string;
  redirectUri: string;
  state?: string;
}): string {
  const url = new URL(LINEAR_AUTHORIZE_URL);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", LINEAR_OAUTH_SCOPES.join(","));
  url.searchParams.set("actor", "app");
  if (state) url.searchParams.set("state", state);
  return url.toString();
}
