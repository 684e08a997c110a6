import { BatonError, createKeepAliveFetch, type Logger } from "@baton/core";
import type { LinearClient } from "@linear/sdk";
import type { LinearOAuthClient } from "../oauth/linear-oauth-client.js";
import type { LinearInstallation, LinearTokenStore } from "../oauth/linear-token-store.js";
import { createLinearClient } from "./create-linear-client.js";

/** A token is refreshed this long before it expires, so that no call goes out with one about to lapse. */
export const LINEAR_TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
/**
 * A refresh Linear refused because another process spent the refresh token first: how often, and
 * how far apart, the store is read again for the token that process is saving.
 */
const RACED_REFRESH_READS = 20;
const RACED_REFRESH_READ_EVERY_MS = 100;

/** How Baton authenticates to Linear: one API key for one workspace, or the OAuth app's per-workspace tokens. */
export type LinearCredentials =
  | { kind: "api_key"; apiKey: string }
  | { kind: "oauth"; oauth: LinearOAuthClient; tokens: LinearTokenStore };

export interface LinearClientSource {
  /** A client for the workspace; `fresh` refreshes its OAuth token first (after Linear refused it). */
  clientFor(organizationId: string, options?: { fresh?: boolean }): Promise<LinearClient>;
  /** Whether a refused token can be replaced (OAuth); an API key cannot. */
  readonly refreshable: boolean;
}

/**
 * Linear clients on the SDK, pointed at `apiUrl` (`LINEAR_API_URL`). With OAuth, each workspace's
 * token is read from the encrypted store and refreshed shortly before it expires; one refresh per
 * workspace runs at a time, since Linear rotates refresh tokens on use.
 */
export function createLinearClientSource({
  credentials,
  apiUrl,
  logger,
  now = Date.now,
}: {
  credentials: LinearCredentials;
  apiUrl?: string;
  logger: Logger;
  now?: () => number;
}): LinearClientSource {
  const log = logger.child({ component: "bots.linear.auth" });
  // Every workspace's client, and each one made after a token refresh, sends through these connections.
  const send = createKeepAliveFetch();
  if (credentials.kind === "api_key") {
    const client = createLinearClient({ apiKey: credentials.apiKey }, apiUrl, send);
    return { refreshable: false, clientFor: async () => client };
  }
  const { oauth, tokens } = credentials;
  const clients = new Map<string, { accessToken: string; client: LinearClient }>();
  const loading = new Map<string, Promise<LinearInstallation>>();

  async function refresh(installation: LinearInstallation): Promise<LinearInstallation> {
    if (!installation.refreshToken)
      throw new BatonError(
        "platform_failed",
        `Linear workspace ${installation.organizationId} has an expired token and no refresh token: install the app again.`,
      );
    const result = await oauth.refresh(installation.refreshToken);
    if (result.kind === "refused") {
      // Another Baton process may have refreshed first (Linear rotates the refresh token on use):
      // it saves the new tokens as soon as Linear's answer reaches it, a moment after ours.
      for (let read = 0; read < RACED_REFRESH_READS; read += 1) {
        const stored = await tokens.load(installation.organizationId);
        if (stored && stored.accessToken !== installation.accessToken) return stored;
        await new Promise((resolve) => setTimeout(resolve, RACED_REFRESH_READ_EVERY_MS));
      }
      throw new BatonError(
        "platform_failed",
        `Linear refused to refresh the token of workspace ${installation.organizationId} (${result.error}): install the app again.`,
      );
    }
    log.info("bots.linear.token_refreshed", { organization_id: installation.organizationId });
    return tokens.replaceTokens(installation, result.grant);
  }

  /** `refused`: the token Linear refused, when a client had one; a newer one in the store needs no refresh. */
  async function loadInstallation(
    organizationId: string,
    fresh: boolean,
    refused: string | undefined,
  ): Promise<LinearInstallation> {
    const installation = await tokens.load(organizationId);
    if (!installation)
      throw new BatonError(
        "platform_failed",
        `No Linear installation for workspace ${organizationId}: install the app from /linear/oauth/install.`,
      );
    const expiring =
      installation.expiresAt !== null && installation.expiresAt - LINEAR_TOKEN_REFRESH_MARGIN_MS <= now();
    const refreshedElsewhere = refused !== undefined && installation.accessToken !== refused;
    return (fresh && !refreshedElsewhere) || expiring ? refresh(installation) : installation;
  }

  /** One read (and at most one refresh) per workspace at a time; callers meanwhile share its answer. */
  function installationFor(organizationId: string, fresh: boolean): Promise<LinearInstallation> {
    const pending = loading.get(organizationId);
    if (pending) return pending;
    const refused = fresh ? clients.get(organizationId)?.accessToken : undefined;
    const loaded = loadInstallation(organizationId, fresh, refused).finally(() =>
      loading.delete(organizationId),
    );
    loading.set(organizationId, loaded);
    return loaded;
  }

  return {
    refreshable: true,
    async clientFor(organizationId, { fresh = false } = {}) {
      const { accessToken } = await installationFor(organizationId, fresh);
      const cached = clients.get(organizationId);
      if (cached?.accessToken === accessToken) return cached.client;
      const client = createLinearClient({ accessToken }, apiUrl, send);
      clients.set(organizationId, { accessToken, client });
      return client;
    },
  };
}
