import { z } from "zod";
import type { InstallationChange } from "./create-github-catalog-discovery.js";

const repositoryRefSchema = z.object({ full_name: z.string().regex(/^[\w.-]+\/[\w.-]+$/) });

const installationEventSchema = z.object({
  action: z.string(),
  installation: z.object({ id: z.number().int().positive() }),
  repositories_added: z.array(repositoryRefSchema).optional(),
  repositories_removed: z.array(repositoryRefSchema).optional(),
});

/** The events that change what the App can reach. */
export const INSTALLATION_EVENTS: ReadonlySet<string> = new Set([
  "installation",
  "installation_repositories",
]);

/**
 * What an `installation` or `installation_repositories` delivery changes in the catalog, `null` for
 * an action that changes nothing there (`new_permissions_accepted`), or `invalid` with why.
 */
export function parseInstallationEvent(
  event: string,
  json: unknown,
): InstallationChange | null | { kind: "invalid"; reason: string } {
  const parsed = installationEventSchema.safeParse(json);
  if (!parsed.success) return { kind: "invalid", reason: "invalid_installation_payload" };
  const { action, installation } = parsed.data;
  const installationId = installation.id;
  if (event === "installation_repositories") {
    return {
      kind: "repositories",
      installationId,
      added: (parsed.data.repositories_added ?? []).map((r) => r.full_name),
      removed: (parsed.data.repositories_removed ?? []).map((r) => r.full_name),
    };
  }
  switch (action) {
    case "created":
    case "unsuspend":
      return { kind: "installed", installationId };
    case "deleted":
    case "suspend":
      return { kind: "uninstalled", installationId };
    default:
      return null;
  }
}
