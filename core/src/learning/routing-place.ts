import type { SessionRequest } from "../schemas/session-request.js";

/**
 * Where a conversation happens, as routing learns it: a chat channel, a tracker's team or project.
 * The platform module names it (core knows no platform); `key` is stable and unique across
 * platforms, `label` is what people read ("#payments"), and `catalogPath` is where the place's
 * mapping is written in `baton.config.yaml`, key by key, ending at the key that holds the target.
 *
 * @example
 * { key: "slack:channel:C0PAY", label: "#payments", catalogPath: ["slack", "channels", "C0PAY", "target"] }
 */
export interface RoutingPlace {
  key: string;
  label: string;
  catalogPath: readonly string[];
}

/** The place a request was made in, or undefined where routing does not learn (a direct message). */
export type RoutingPlaceOf = (request: SessionRequest) => RoutingPlace | undefined;

/** No whitespace (CLI arguments) and no braces (the store puts the key in a Redis hash tag). */
export const ROUTING_PLACE_KEY_PATTERN = /^[^\s{}]+$/;
