import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "@baton/core";
import { errorMessage, platformOffResult, silentLogger, verifyingSecretFinding } from "@baton/core";
import {
  GITHUB_REQUIRED_VARIABLES,
  GITHUB_REQUIRED_VARIABLES_TEXT,
  type GithubEnv,
} from "../github-environment.js";

const TITLE = "GitHub";
const NEW_KEY =
  "On the App's settings page, check its App ID and generate a new private key; set them as GITHUB_APP_ID and GITHUB_PRIVATE_KEY.";

/**
 * GitHub, when configured: the webhook secret being set, and the App's id and private key
 * through `GET /app` with the App's JWT (the call every installation token starts from).
 */
export const githubDoctorCheck: DoctorCheck<GithubEnv> = {
  name: "github",
  async run(context: DoctorContext<GithubEnv>): Promise<DoctorCheckResult> {
    const { config } = context;
    if (!GITHUB_REQUIRED_VARIABLES.some((name) => config[name])) {
      return platformOffResult(TITLE, GITHUB_REQUIRED_VARIABLES_TEXT);
    }
    const findings: DoctorFinding[] = [
      verifyingSecretFinding({
        name: "GITHUB_WEBHOOK_SECRET",
        value: config.GITHUB_WEBHOOK_SECRET,
        title: TITLE,
        unverified: "GitHub's webhooks",
        fix: "Set the App's webhook secret (its General settings) as GITHUB_WEBHOOK_SECRET.",
      }),
      await checkAppIdentity(context),
    ];
    return { kind: "checked", title: TITLE, findings };
  },
};

async function checkAppIdentity({ config }: DoctorContext<GithubEnv>): Promise<DoctorFinding> {
  if (!config.GITHUB_APP_ID || !config.GITHUB_PRIVATE_KEY)
    return { kind: "problem", text: "GITHUB_APP_ID and GITHUB_PRIVATE_KEY are both needed", fix: NEW_KEY };
  // Loaded only when GitHub is configured: Probot is large and slows every other command.
  const [{ createInstallationOctokits }, { GITHUB_DEFAULT_API_URL }] = await Promise.all([
    import("../octokit/create-installation-octokits.js"),
    import("../create-github-bot.js"),
  ]);
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
