// The throttle is shared by every bot's replier; it lives in core.
export { createProgressThrottle, type ProgressThrottle } from "@baton/core";
