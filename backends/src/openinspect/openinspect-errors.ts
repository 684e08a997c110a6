import { BatonError, type Platform, TransientError } from "@baton/core";
import { OPENINSPECT_SERVICE_FOR_PLATFORM } from "./openinspect-identities.js";
import type { OpenInspectFailure } from "./openinspect-result.js";

/** The variable that holds each platform's Open-Inspect secret, named in setup errors. */
export const OPENINSPECT_SECRET_VARIABLES = {
  slack: "OPENINSPECT_SLACK_SECRET",
  github: "OPENINSPECT_GITHUB_SECRET",
  linear: "OPENINSPECT_LINEAR_SECRET",
} as const satisfies Record<Platform, string>;

/** The control plane's variable for each identity's secret (`SERVICE_AUTH_SECRET_SLACK_BOT` for `slack-bot`). */
export function controlPlaneSecretVariable(platform: Platform): string {
  return `SERVICE_AUTH_SECRET_${OPENINSPECT_SERVICE_FOR_PLATFORM[platform].toUpperCase().replace(/-/g, "_")}`;
}

/** What a GitLab deployment (501 on every route a bot uses) means, for replies and `doctor`. */
export const NOT_IMPLEMENTED_EXPLANATION =
  "this Open-Inspect is a GitLab deployment, where the routes a bot uses (sessions, prompts, repositories) are not implemented and answer 501";

/**
 * What a failed control-plane call means for the turn: a 5xx or a lost connection may pass (the
 * queue tries the turn again); a refused signature or a refused request will not.
 */
export function toTurnError(failure: OpenInspectFailure, platform: Platform): BatonError {
  switch (failure.kind) {
    case "server":
    case "network":
    case "queue_full":
      return new TransientError("backend_unavailable", `Open-Inspect: ${failure.message}`);
    case "unauthorized": {
      const service = OPENINSPECT_SERVICE_FOR_PLATFORM[platform];
      return new BatonError(
        "backend_unavailable",
        `Open-Inspect refused Baton's ${service} signature (${failure.message}): ${OPENINSPECT_SECRET_VARIABLES[platform]} must equal the control plane's SERVICE_AUTH_SECRET for ${service}, and the server clocks must agree within 5 minutes.`,
        "Open-Inspect refused Baton's credentials, so no agent ran. An operator needs to check Baton's Open-Inspect secret for this platform.",
      );
    }
    case "identity_not_configured": {
      const service = OPENINSPECT_SERVICE_FOR_PLATFORM[platform];
      return new BatonError(
        "backend_unavailable",
        `Open-Inspect has no secret for the ${service} identity (${failure.message}): set ${controlPlaneSecretVariable(platform)} on the control plane to the value of Baton's ${OPENINSPECT_SECRET_VARIABLES[platform]}.`,
        `Open-Inspect is not set up to accept Baton's requests for ${platform} users yet, so no agent ran. An operator needs to add the secret on the control plane.`,
      );
    }
    case "not_implemented":
      return new BatonError(
        "backend_unavailable",
        `Open-Inspect: ${failure.message}: ${NOT_IMPLEMENTED_EXPLANATION}.`,
        "This Open-Inspect is a GitLab deployment, where the routes Baton uses are not available, so no agent ran.",
      );
    case "no_identity":
      return new BatonError(
        "config_invalid",
        `no Open-Inspect secret for ${platform}: set ${OPENINSPECT_SECRET_VARIABLES[platform]} to act for ${platform} people.`,
        `Baton is not set up to start Open-Inspect sessions for ${platform} users yet. An operator needs to add its secret.`,
      );
    case "conflict":
    case "not_found":
    case "rejected":
    case "invalid_response":
      return new BatonError(
        "backend_failed",
        `Open-Inspect: ${failure.message}`,
        "Open-Inspect refused the request, so no agent ran.",
      );
  }
}
