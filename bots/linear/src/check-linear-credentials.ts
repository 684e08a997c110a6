import { LinearClient } from "@linear/sdk";
import { createLinearApi } from "./client/create-linear-api.js";
import { describeLinearFailure, type LinearFailure } from "./client/describe-linear-failure.js";
import type { LinearBackoffOptions } from "./client/with-linear-backoff.js";

export type LinearCredentialsCheck =
  | {
      kind: "ok";
      viewer: { id: string; name: string; app: boolean };
      organization: { id: string; name: string };
    }
  /**
   * `refused`: the key or token is wrong, revoked or expired; `unreachable`: Linear could not be
   * asked (network, 5xx, rate limit); `unexpected_answer`: something answered that is not
   * Linear's GraphQL API as Baton knows it (the message says what came back).
   */
  | LinearFailure;

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
    return describeLinearFailure(error);
  }
}
