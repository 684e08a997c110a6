import { errorMessage } from "@baton/core";
import type { DoctorCheck, DoctorCheckResult, DoctorContext } from "./doctor-check.js";

/**
 * Runs every check at once (each waits on a different service) and returns their results in the
 * checks' order. A check that throws is reported as a problem of its own, never as a crash.
 */
export function runDoctorChecks(
  checks: readonly DoctorCheck[],
  context: DoctorContext,
): Promise<DoctorCheckResult[]> {
  return Promise.all(
    checks.map((check) =>
      check.run(context).catch(
        (error: unknown): DoctorCheckResult => ({
          kind: "checked",
          title: check.name,
          findings: [
            {
              kind: "problem",
              text: `the check itself failed: ${errorMessage(error)}`,
              fix: "Report this with the line above; the other checks are unaffected.",
            },
          ],
        }),
      ),
    ),
  );
}
