import { checkOpenInspect, createOpenInspectClient } from "@baton/backends";
import type { Platform } from "@baton/core";
import { openInspectSecrets } from "../../platforms/setup-openinspect.js";
import type { DoctorCheck, DoctorCheckResult } from "./doctor-check.js";

/** BATON_BACKEND=openinspect: the control plane answers a signed request from every identity Baton holds. */
export const openInspectBackendDoctorCheck: DoctorCheck = {
  name: "backend-openinspect",
  async run({ config }): Promise<DoctorCheckResult> {
    if (config.BATON_BACKEND !== "openinspect") return { kind: "not_applicable" };
    const title = "Backend (openinspect)";
    if (!config.OPENINSPECT_URL)
      return {
        kind: "checked",
        title,
        findings: [
          {
            kind: "problem",
            text: "OPENINSPECT_URL is not set",
            fix: "Set OPENINSPECT_URL to the base URL of your Open-Inspect control plane.",
          },
        ],
      };
    const secrets = openInspectSecrets(config);
    const client = createOpenInspectClient({ baseUrl: config.OPENINSPECT_URL, secrets });
    const check = await checkOpenInspect({ client, platforms: Object.keys(secrets) as Platform[] });
    if (check.kind === "failed")
      return {
        kind: "checked",
        title,
        findings: [{ kind: "problem", text: `${check.url}: ${check.message}`, fix: check.fix }],
      };
    return {
      kind: "checked",
      title,
      findings: [
        {
          kind: "ok",
          text: `${check.url} accepts Baton's signature as ${check.platforms.join(", ")} (${check.repositories} repositories, ${check.environments} environments)`,
        },
      ],
    };
  },
};
