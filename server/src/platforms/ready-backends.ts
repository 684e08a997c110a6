import { type Config, openInspectSecretVariables } from "../config/load-config.js";

/** One entry per agent backend: whether its configuration is present. */
const BACKEND_READY: Record<Exclude<Config["BATON_BACKEND"], "plan">, (config: Config) => boolean> = {
  openai: (config) => Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL),
  codex: (config) => Boolean(config.OPENAI_API_KEY || config.OPENAI_BASE_URL),
  // Its URL and a secret to sign with: without one, startup refuses it.
  openinspect: (config) =>
    Boolean(config.OPENINSPECT_URL) && openInspectSecretVariables().some((name) => Boolean(config[name])),
};

/** The agent backends that could run with this configuration, for the plan's reply to point at. */
export function readyBackends(config: Config): string[] {
  return Object.entries(BACKEND_READY)
    .filter(([, ready]) => ready(config))
    .map(([name]) => name);
}
