import { errorMessage } from "@baton/core";
import { LinearClient, LinearError, LinearErrorType } from "@linear/sdk";
import { createLinearApi } from "./client/create-linear-api.js";
import type { LinearBackoffOptions } from "./client/with-linear-backoff.js";

export type LinearCredentialsCheck =
  | {
      kind: "ok";
      viewer: { id: string; name: string; app: boolean };
      organization: { id: string; name: string };
    }
  /** Linear refused the key or token: it is wrong, revoked or expired. */
  | { kind: "refused"; message: string }
  /** Linear could not be asked (network, 5xx, rate limit). */
  | { kind: "unreachable"; message: string };

/**
 * Asks Linear who the credentials belong to (a `viewer` query through the SDK), for `baton doctor`
 * and at startup. Give the API key, or an OAuth access token; `apiUrl` is `LINEAR_API_URL`.
 * `backoff` waits out rate limits (none by default: the doctor reports at once).
 *
 * @example
 * const check = await checkLinearCredentials({ apiKey: env.LINEAR_API_KEY, apiUrl: env.LINEAR_API_URL });
 * if (check.kind !== "ok") console.error(check.message);
 */
export async function checkLinearCredentials({
  apiKey,
  accessToken,
  apiUrl,
  backoff = { retries: 0 },
}: {
  apiKey?: string;
  accessToken?: string;
  apiUrl?: string;
  backoff?: LinearBackoffOptions;
}): Promise<LinearCredentialsCheck> {
  if (!apiKey && !accessToken)
    return { kind: "refused", message: "No LINEAR_API_KEY or access token to check." };
  try {
    const client = new LinearClient({ apiKey, accessToken, apiUrl });
    const viewer = await createLinearApi({
      clients: { refreshable: false, clientFor: async () => client },
      organizationId: "",
      backoff,
    }).viewer();
    return {
      kind: "ok",
      viewer: { id: viewer.id, name: viewer.name, app: viewer.app },
      organization: { id: viewer.organization.id, name: viewer.organization.name },
    };
  } catch (error) {
    const refused =
      error instanceof LinearError &&
      (error.type === LinearErrorType.AuthenticationError || error.type === LinearErrorType.Forbidden);
    return refused
      ? { kind: "refused", message: `Linear refused the credentials: ${error.message.split(" - ")[0]}` }
      : {
          kind: "unreachable",
          message: `Linear could not be reached: ${errorMessage(error).split(":")[0]}`,
        };
  }
}
