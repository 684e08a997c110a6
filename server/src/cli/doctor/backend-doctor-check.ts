import type { DoctorCheck, DoctorCheckResult, DoctorContext } from "./doctor-check.js";

/**
 * The `plan` backend needs nothing. Each other backend brings its own check (is its service
 * reachable, are its credentials accepted) and reports `not_applicable` unless it is BATON_BACKEND.
 */
export const planBackendDoctorCheck: DoctorCheck = {
  name: "backend-plan",
  async run({ config }: DoctorContext): Promise<DoctorCheckResult> {
    if (config.BATON_BACKEND !== "plan") return { kind: "not_applicable" };
    return {
      kind: "checked",
      title: "Backend (plan)",
      findings: [
        { kind: "ok", text: "a dry run that replies with what it would dispatch: nothing to reach" },
      ],
    };
  },
};
