import type { BotModule } from "@baton/core";
import type { Config } from "../config/load-config.js";
import { githubBotModule } from "../platforms/setup-github.js";
import { linearBotModule } from "../platforms/setup-linear.js";
import { slackBotModule } from "../platforms/setup-slack.js";

/**
 * Every platform Baton can talk to. Adding a platform is one line here; `startBaton` turns on those
 * whose variables are set and never names one.
 */
export const BOT_MODULES: readonly BotModule<Config>[] = [slackBotModule, githubBotModule, linearBotModule];
