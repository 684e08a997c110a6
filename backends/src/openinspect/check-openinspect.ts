import type { Platform } from "@baton/core";
import type { OpenInspectClient } from "./create-openinspect-client.js";
import {
  controlPlaneSecretVariable,
  NOT_IMPLEMENTED_EXPLANATION,
  OPENINSPECT_SECRET_VARIABLES,
} from "./openinspect-errors.js";
import type { OpenInspectFailureKind } from "./openinspect-result.js";

export type OpenInspectCheck =
  | { kind: "ok"; url: string; repositories: number; environments: number; platforms: Platform[] }
  | {
      kind: "failed";
      url: string;
      /** The platform whose identity failed, when one did. */
      platform?: Platform;
      reason: OpenInspectFailureKind;
      message: string;
      fix: string;
    };

function fixFor(reason: OpenInspectFailureKind, platform: Platform | undefined): string {
  const variable = platform ? OPENINSPECT_SECRET_VARIABLES[platform] : "each OPENINSPECT_<PLATFORM>_SECRET";
  switch (reason) {
    case "unauthorized":
      return `The control plane refused the signature: ${variable} must equal the control plane's secret for that service identity, and the clocks must agree within 5 minutes.`;
    case "network":
      return "Baton cannot reach OPENINSPECT_URL; check the URL and the network between them.";
    case "server":
      return "The control plane failed (5xx); check its logs.";
    case "identity_not_configured":
      return platform
        ? `The control plane holds no secret for this identity: set ${controlPlaneSecretVariable(platform)} on the control plane to the value of ${variable}.`
        : "The control plane holds no secret for Baton's identity; set its SERVICE_AUTH_SECRET_<NAME>.";
    case "not_implemented":
      return `Baton's signature was accepted, but ${NOT_IMPLEMENTED_EXPLANATION}. The openinspect backend needs a GitHub deployment of Open-Inspect.`;
    case "queue_full":
      return "The control plane is rate limiting Baton; try again in a minute.";
    case "no_identity":
      return `Set at least one of ${Object.values(OPENINSPECT_SECRET_VARIABLES).join(", ")}.`;
    case "not_found":
    case "rejected":
    case "conflict":
    case "invalid_response":
      return "OPENINSPECT_URL answers, but not as Open-Inspect's control plane; check the URL.";
  }
}

/**
 * For `baton doctor`: whether the control plane answers a signed request from each identity Baton
 * holds a secret for (listing repositories and environments needs a valid signature), as a tagged
 * result that names the fix.
 */
export async function checkOpenInspect({
  client,
  platforms,
}: {
  client: OpenInspectClient;
  /** The platforms Baton holds a secret for. */
  platforms: Platform[];
}): Promise<OpenInspectCheck> {
  if (platforms.length === 0) {
    return {
      kind: "failed",
      url: client.baseUrl,
      reason: "no_identity",
      message: "no secret set",
      fix: fixFor("no_identity", undefined),
    };
  }
  let counts = { repositories: 0, environments: 0 };
  for (const platform of platforms) {
    const repositories = await client.listRepositories(platform);
    const environments = repositories.ok ? await client.listEnvironments(platform) : repositories;
    if (!environments.ok) {
      return {
        kind: "failed",
        url: client.baseUrl,
        platform,
        reason: environments.kind,
        message: environments.message,
        fix: fixFor(environments.kind, platform),
      };
    }
    counts = {
      repositories: repositories.ok ? repositories.value.repos.length : 0,
      environments: environments.value.environments.length,
    };
  }
  return { kind: "ok", url: client.baseUrl, ...counts, platforms };
}
