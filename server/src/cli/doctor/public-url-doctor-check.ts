import { errorMessage } from "@baton/core";
import { BOT_MODULES } from "../../bots/bot-modules.js";
import { listPlatformTitles } from "../../bots/platform-titles.js";
import type { DoctorCheck, DoctorCheckResult, DoctorContext, DoctorFinding } from "./doctor-check.js";

/**
 * BATON_PUBLIC_URL, the base of share links and of the URLs platforms post to: https in
 * production, and Baton's `/healthz` answering there from this machine.
 */
export const publicUrlDoctorCheck: DoctorCheck = {
  name: "public-url",
  async run({ config, production, isSet, timeoutMs }: DoctorContext): Promise<DoctorCheckResult> {
    const url = config.BATON_PUBLIC_URL;
    const title = `Public URL (${url})`;
    if (!isSet("BATON_PUBLIC_URL")) {
      const notSet = "BATON_PUBLIC_URL is not set: share links point at this machine only";
      const fix = "Set BATON_PUBLIC_URL to the https address people and platforms reach Baton at.";
      return {
        kind: "checked",
        title,
        findings: [production ? { kind: "problem", text: notSet, fix } : { kind: "off", text: notSet }],
      };
    }
    return {
      kind: "checked",
      title,
      findings: [judgeScheme(url, production), await checkReachable(url, timeoutMs)],
    };
  },
};

function judgeScheme(url: string, production: boolean): DoctorFinding {
  if (new URL(url).protocol === "https:") return { kind: "ok", text: "https" };
  const text = `not https: ${listPlatformTitles(BOT_MODULES)} post only to https, and share links are credentials`;
  const fix = "Put Baton behind TLS (a proxy or load balancer) and set BATON_PUBLIC_URL=https://….";
  return production
    ? { kind: "problem", text, fix }
    : { kind: "warning", text: `${text} (fine on a laptop)`, fix };
}

async function checkReachable(url: string, timeoutMs: number): Promise<DoctorFinding> {
  const health = new URL("healthz", url.endsWith("/") ? url : `${url}/`).toString();
  const fix =
    "Start Baton (`npx baton start`) first; else check DNS, the proxy and the firewall in front of it.";
  try {
    const response = await fetch(health, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
    if (response.status === 200 && body?.status === "ok")
      return { kind: "ok", text: `Baton answers at ${health}` };
    return { kind: "problem", text: `${health} answers HTTP ${response.status}, not as Baton`, fix };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      kind: "problem",
      text: `not reachable from this machine (${cause?.code ?? cause?.message ?? errorMessage(error)})`,
      fix,
    };
  }
}
