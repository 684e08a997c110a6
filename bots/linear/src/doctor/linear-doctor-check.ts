import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "@baton/core";
import { platformOffResult, verifyingSecretFinding } from "@baton/core";
import type { LinearEnv } from "../linear-module.js";

const TITLE = "Linear";

/**
 * Linear, when configured: the webhook secret being set, and the credentials Baton acts with: a
 * `viewer` query with `LINEAR_API_KEY`, or the OAuth app's client id and secret (each workspace's
 * own token is stored when it installs the app, and refreshed by Baton).
 */
export const linearDoctorCheck: DoctorCheck<LinearEnv> = {
  name: "linear",
  async run(context: DoctorContext<LinearEnv>): Promise<DoctorCheckResult> {
    const { config } = context;
    const oauth = Boolean(config.LINEAR_CLIENT_ID || config.LINEAR_CLIENT_SECRET);
    if (!config.LINEAR_WEBHOOK_SECRET && !config.LINEAR_API_KEY && !oauth) {
      return platformOffResult(
        TITLE,
        "LINEAR_WEBHOOK_SECRET and LINEAR_API_KEY (or LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET)",
      );
    }
    const findings: DoctorFinding[] = [
      verifyingSecretFinding({
        name: "LINEAR_WEBHOOK_SECRET",
        value: config.LINEAR_WEBHOOK_SECRET,
        title: TITLE,
        unverified: "Linear's webhooks",
        fix: "Copy the webhook signing secret from the OAuth application's page in Linear into LINEAR_WEBHOOK_SECRET.",
      }),
    ];
    if (config.LINEAR_API_KEY) findings.push(await checkApiKey(context));
    else if (config.LINEAR_CLIENT_ID && config.LINEAR_CLIENT_SECRET)
      findings.push({
        kind: "ok",
        text: "OAuth app: LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET are set (install it with the link `npx baton linear setup` prints)",
      });
    else
      findings.push({
        kind: "problem",
        text: "neither LINEAR_API_KEY nor both LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET are set",
        fix: "Set LINEAR_API_KEY for one workspace, or the OAuth app's LINEAR_CLIENT_ID and LINEAR_CLIENT_SECRET.",
      });
    return { kind: "checked", title: TITLE, findings };
  },
};

async function checkApiKey({ config }: DoctorContext<LinearEnv>): Promise<DoctorFinding> {
  // Loaded only when Linear is configured: the SDK is large and slows every other command.
  const { checkLinearCredentials } = await import("../check-linear-credentials.js");
  const check = await checkLinearCredentials({
    apiKey: config.LINEAR_API_KEY,
    apiUrl: config.LINEAR_API_URL,
  });
  switch (check.kind) {
    case "ok":
      return {
        kind: "ok",
        text: `viewer: ${check.viewer.name} in ${check.organization.name} (${check.organization.id})`,
      };
    case "refused":
      return {
        kind: "problem",
        text: check.message,
        fix: "Create a new personal API key (Settings → Security & access → API keys) and set it as LINEAR_API_KEY.",
      };
    case "unreachable":
      return {
        kind: "problem",
        text: check.message,
        fix: "Check LINEAR_API_URL (unset it for Linear's own API) and the network between Baton and Linear.",
      };
    case "unexpected_answer":
      return {
        kind: "problem",
        text: check.message,
        fix: "Check that LINEAR_API_URL is Linear's GraphQL endpoint (unset it for Linear's own API), and what any proxy between Baton and Linear answers.",
      };
  }
}
