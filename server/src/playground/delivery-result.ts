import type { PaneActionResult } from "./playground-pane.js";

/** What the gateway's answer to a pane's webhook means for the page: accepted, or refused with its status. */
export function deliveryResult(status: number): PaneActionResult {
  return status < 300
    ? { kind: "done" }
    : { kind: "refused", status: 502, reason: `gateway_answered_${status}` };
}
