import type { Config } from "../../config/load-config.js";

/** One line of `baton doctor`'s report. `fix` says what to do, in words a user can act on. */
export type DoctorFinding =
  | { kind: "ok"; text: string }
  | { kind: "off"; text: string }
  | { kind: "warning"; text: string; fix: string }
  | { kind: "problem"; text: string; fix: string };

/** What one check found: a titled group of findings, or nothing to say for this configuration. */
export type DoctorCheckResult =
  | { kind: "checked"; title: string; findings: DoctorFinding[] }
  | { kind: "not_applicable" };

export interface DoctorContext {
  config: Config;
  /** NODE_ENV=production: what is only a warning on a laptop is a problem there. */
  production: boolean;
  /** Whether a variable was set, as opposed to left at its default. */
  isSet(name: keyof Config): boolean;
  /** Every network call of a check gives up after this long. */
  timeoutMs: number;
}

/**
 * One thing `baton doctor` checks. A check never throws for what it finds (a refused token is a
 * `problem` finding); a throw is reported as a failure of the check itself.
 *
 * @example
 * export const redisDoctorCheck: DoctorCheck = { name: "redis", run: async ({ config }) => ({ ... }) };
 */
export interface DoctorCheck {
  name: string;
  run(context: DoctorContext): Promise<DoctorCheckResult>;
}
