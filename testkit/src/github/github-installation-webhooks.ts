import { hash } from "./github-route.js";
import type { GithubWebhook } from "./github-webhook-builders.js";
import { webhookExample } from "./github-webhook-examples.js";

/** A repository as `installation_repositories` payloads list it. */
function repositoryRef(fullName: string) {
  const [, name = ""] = fullName.split("/");
  return { id: Math.abs(hash(fullName)), node_id: `R_${fullName}`, name, full_name: fullName, private: true };
}

/**
 * `installation_repositories.added` (or `.removed` when nothing is added), from GitHub's own
 * example payload, with these repositories and this installation.
 */
export function buildInstallationRepositoriesEvent(input: {
  installationId: number;
  added?: string[];
  removed?: string[];
}): GithubWebhook {
  const added = input.added ?? [];
  const payload = webhookExample("installation_repositories", added.length > 0 ? "added" : "removed");
  (payload.installation as Record<string, unknown>).id = input.installationId;
  payload.repositories_added = added.map(repositoryRef);
  payload.repositories_removed = (input.removed ?? []).map(repositoryRef);
  return { event: "installation_repositories", payload };
}
