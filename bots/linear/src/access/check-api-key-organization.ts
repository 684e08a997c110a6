import { BatonError, type Catalog } from "@baton/core";
import { linearAccessOf } from "../policy/linear-catalog.js";

/**
 * An API key serves one organisation; when `access.linear.organizations` does not list it, every
 * event would be refused, so Baton says so once, at startup.
 */
export function checkApiKeyOrganization(organizationId: string, catalog: Catalog): void {
  const allowed = linearAccessOf(catalog).organizations;
  if (allowed.length > 0 && !allowed.includes(organizationId))
    throw new BatonError(
      "config_invalid",
      `LINEAR_API_KEY belongs to the Linear organization ${organizationId}, which access.linear.organizations does not list. Add it to the list, or use a key of a listed organization.`,
    );
}
