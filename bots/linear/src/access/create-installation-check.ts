import type { LinearTokenStore } from "../oauth/linear-token-store.js";

/** How long a "yes, installed" is believed without asking Redis again; a "no" is never kept. */
export const LINEAR_INSTALLATION_CACHE_MS = 60_000;

/**
 * Whether Baton serves an organisation: the API key's one, or any that installed the OAuth app.
 * Only positive answers are cached, so a workspace that installs Baton is served at once, and the
 * webhook path asks Redis once a minute per workspace rather than per event.
 */
export function createInstallationCheck(
  source:
    | { kind: "api_key"; organizationId: string }
    | { kind: "oauth"; tokens: Pick<LinearTokenStore, "has"> },
  now: () => number = Date.now,
): (organizationId: string) => Promise<boolean> {
  if (source.kind === "api_key") return async (organizationId) => organizationId === source.organizationId;
  const installedUntil = new Map<string, number>();
  return async (organizationId) => {
    if ((installedUntil.get(organizationId) ?? 0) > now()) return true;
    const installed = await source.tokens.has(organizationId);
    if (installed) installedUntil.set(organizationId, now() + LINEAR_INSTALLATION_CACHE_MS);
    else installedUntil.delete(organizationId);
    return installed;
  };
}
