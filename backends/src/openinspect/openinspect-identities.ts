import type { Actor, Platform } from "@baton/core";

/**
 * The control plane's service identity for each platform. Each may act only for its own platform's
 * users (`slack-bot` for `slack:U…`, …), so Baton signs every request with the identity of its actor.
 */
export const OPENINSPECT_SERVICE_FOR_PLATFORM = {
  slack: "slack-bot",
  github: "github-bot",
  linear: "linear-bot",
} as const satisfies Record<Platform, string>;

/** The secret Baton holds for each identity it uses; a platform without one cannot reach the control plane. */
export type OpenInspectSecrets = Partial<Record<Platform, string>>;

export interface ServiceIdentity {
  service: string;
  secret: string;
  /** The `X-OpenInspect-Actor` value, or undefined for a request on no one's behalf. */
  actor?: string;
}

/**
 * `slack:U0123`, `github:583231`, `linear:usr_42`: the actor as the control plane names people.
 * GitHub people go by their numeric account id (the webhook's `sender.id`), never their login.
 */
export function formatOpenInspectActor(actor: Pick<Actor, "platform" | "id" | "accountId">): string {
  return `${actor.platform}:${actor.accountId ?? actor.id}`;
}

/**
 * The identity to sign with: the one of the actor's platform, or, for a request on no one's behalf
 * (listing repositories), the one of `signAs` or else the first one configured.
 */
export function chooseServiceIdentity(
  secrets: OpenInspectSecrets,
  actor?: Pick<Actor, "platform" | "id" | "accountId">,
  signAs?: Platform,
): ServiceIdentity | undefined {
  if (actor) {
    const secret = secrets[actor.platform];
    if (secret === undefined) return undefined;
    return {
      service: OPENINSPECT_SERVICE_FOR_PLATFORM[actor.platform],
      secret,
      actor: formatOpenInspectActor(actor),
    };
  }
  const platforms = signAs ? [signAs] : (Object.keys(OPENINSPECT_SERVICE_FOR_PLATFORM) as Platform[]);
  for (const platform of platforms) {
    const secret = secrets[platform];
    if (secret !== undefined) return { service: OPENINSPECT_SERVICE_FOR_PLATFORM[platform], secret };
  }
  return undefined;
}
