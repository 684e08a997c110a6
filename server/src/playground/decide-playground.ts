import type { Platform, PlaygroundPane } from "@baton/core";

export type PlaygroundDecision =
  | { kind: "off"; reason: "turned_off" | "credentials_set"; live: Platform[] }
  | { kind: "on"; simulated: PlaygroundPane[]; live: Platform[] };

/**
 * Whether `baton start` runs the playground, and which panes it simulates. With no platform
 * credentials it runs; once any is set the user is setting Baton up for real and it stays off
 * unless BATON_PLAYGROUND=1 asks for it (then the platforms with credentials stay live).
 * BATON_PLAYGROUND=0 always turns it off.
 */
export function decidePlayground(
  env: Record<string, string | undefined>,
  panes: readonly PlaygroundPane[],
): PlaygroundDecision {
  const live = panes
    .filter((pane) => pane.credentials.some((name) => Boolean(env[name])))
    .map((pane) => pane.platform);
  const asked = env.BATON_PLAYGROUND;
  if (asked === "0") return { kind: "off", reason: "turned_off", live };
  if (live.length > 0 && asked !== "1") return { kind: "off", reason: "credentials_set", live };
  return { kind: "on", simulated: panes.filter((pane) => !live.includes(pane.platform)), live };
}
