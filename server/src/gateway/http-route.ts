import type { HttpMethod, HttpRoute } from "@baton/core";

/** Bots answer with the same helpers. */
export { sendJson, sendText } from "@baton/core";
/** Routes are a core contract, so that bots can provide theirs; the gateway serves them. */
export type { HttpMethod, HttpRoute };
