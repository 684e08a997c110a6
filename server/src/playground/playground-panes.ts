import type { BotModule, PlaygroundPane } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import type { Config } from "../config/load-config.js";

/**
 * Every platform the playground shows, left to right: each listed module's pane (its
 * `playground()`), in the modules' order. A platform without one has no pane.
 */
export async function loadPlaygroundPanes(
  modules: readonly Pick<BotModule<Config>, "playground">[] = BOT_MODULES,
): Promise<PlaygroundPane[]> {
  const panes = await Promise.all(modules.map((module) => module.playground?.()));
  return panes.filter((pane): pane is PlaygroundPane => pane !== undefined);
}
