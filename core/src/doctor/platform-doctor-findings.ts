import type { DoctorCheckResult, DoctorFinding } from "../contracts/platform-operations.js";

/**
 * A platform's doctor report when none of its variables is set: one `off` line that names what
 * turns it on (`off: set CHAT_SIGNING_SECRET and CHAT_BOT_TOKEN to turn it on`).
 */
export function platformOffResult(title: string, turnOn: string): DoctorCheckResult {
  return { kind: "checked", title, findings: [{ kind: "off", text: `off: set ${turnOn} to turn it on` }] };
}

export interface VerifyingSecretFindingOptions {
  /** The variable's name (`CHAT_WEBHOOK_SECRET`). */
  name: string;
  value: string | undefined;
  /** The platform's name as people read it ("Chat"). */
  title: string;
  /** What goes unverified without it ("Chat's webhooks"). */
  unverified: string;
  /** Where to find the secret, in words a user can act on. */
  fix: string;
}

/**
 * The finding of the secret a platform's requests are verified with: set, or a problem, since a
 * bot that cannot verify its platform's requests stays off.
 */
export function verifyingSecretFinding({
  name,
  value,
  title,
  unverified,
  fix,
}: VerifyingSecretFindingOptions): DoctorFinding {
  return value
    ? { kind: "ok", text: `${name} is set` }
    : {
        kind: "problem",
        text: `${name} is not set: Baton cannot verify ${unverified}, so ${title} stays off`,
        fix,
      };
}
