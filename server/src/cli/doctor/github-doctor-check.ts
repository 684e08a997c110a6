import { errorMessage, silentLogger } from "@baton/core";
import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "./doctor-check.js";

const TITLE = "GitHub";
const NEW_KEY =
  "On the App's settings page, check its App ID and generate a new private key; set them as GITHUB_APP_ID and GITHUB_PRIVATE_KEY.";

/**
 * GitHub, when configured: the webhook secret being set, and the App's id and private key
 * through `GET /app` with the App's JWT (the call every installation token starts from).
 */
export const githubDoctorCheck: DoctorCheck = {
  name: "github",
  async run(context: DoctorContext): Promise<DoctorCheckResult> {
    const { config } = context;
    if (!config.GITHUB_APP_ID && !config.GITHUB_PRIVATE_KEY && !config.GITHUB_WEBHOOK_SECRET) {
      return {
        kind: "checked",
        title: TITLE,
        findings: [
          {
            kind: "off",
            text: "off: set GITHUB_APP_ID, GITHUB_PRIVATE_KEY and GITHUB_WEBHOOK_SECRET to turn it on",
          },
        ],
      };
    }
    const findings: DoctorFinding[] = [
      config.GITHUB_WEBHOOK_SECRET
        ? { kind: "ok", text: "GITHUB_WEBHOOK_SECRET is set" }
        : {
            kind: "problem",
            text: "GITHUB_WEBHOOK_SECRET is not set: Baton cannot verify GitHub's webhooks, so GitHub stays off",
            fix: "Set the App's webhook secret (its General settings) as GITHUB_WEBHOOK_SECRET.",
          },
      await checkAppIdentity(context),
    ];
    return { kind: "checked", title: TITLE, findings };
  },
};

async function checkAppIdentity({ config }: DoctorContext): Promise<DoctorFinding> {
  if (!config.GITHUB_APP_ID || !config.GITHUB_PRIVATE_KEY)
    return { kind: "problem", text: "GITHUB_APP_ID and GITHUB_PRIVATE_KEY are both needed", fix: NEW_KEY };
  // Loaded only when GitHub is configured: Probot is large and slows every other command.
  const { createInstallationOctokits, GITHUB_DEFAULT_API_URL } = await import("@baton/github");
  const apiUrl = config.GITHUB_API_URL ?? GITHUB_DEFAULT_API_URL;
  try {
    const octokits = await createInstallationOctokits({
      appId: config.GITHUB_APP_ID,
      privateKey: config.GITHUB_PRIVATE_KEY,
      webhookSecret: config.GITHUB_WEBHOOK_SECRET ?? "",
      apiUrl,
      logger: silentLogger,
    });
    const app = await (await octokits.forApp()).request("GET /app");
    return { kind: "ok", text: `GET /app: the App ${app.data?.slug ?? "?"} (${apiUrl})` };
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403)
      return {
        kind: "problem",
        text: `GET /app: GitHub refused the App's JWT (HTTP ${status})`,
        fix: NEW_KEY,
      };
    return {
      kind: "problem",
      text: `GET /app: ${errorMessage(error).split("\n")[0]}`,
      fix: status
        ? NEW_KEY
        : "Check GITHUB_API_URL (unset for github.com; https://HOST/api/v3 for GitHub Enterprise Server), the network, and that GITHUB_PRIVATE_KEY is a PEM key.",
    };
  }
}
