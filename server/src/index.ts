export type { HttpRoute } from "@baton/core";
export { type Config, configuredSecrets, loadConfig } from "./config/load-config.js";
export { createGateway } from "./gateway/create-gateway.js";
export { createLogger } from "./logging/create-logger.js";
export { type BatonMode, type RunningBaton, startBaton } from "./start-baton.js";
