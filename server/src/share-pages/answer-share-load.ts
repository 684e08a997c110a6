import type { ServerResponse } from "node:http";
import type { Logger } from "@baton/core";
import type { LoadSharedTranscriptResult } from "./load-shared-transcript.js";
import {
  sendShareBusyJson,
  sendShareBusyPage,
  sendShareNotFoundJson,
  sendShareNotFoundPage,
} from "./share-responses.js";

export type FoundSharePage = Extract<LoadSharedTranscriptResult, { kind: "found" }>;

/** Saturation is logged at most this often, with how many answers were refused since. */
export const SHARE_BUSY_LOG_INTERVAL_MS = 10_000;

/**
 * Turns a load of a share's transcript into its page, or answers everything else: the same 404
 * for an id that opens nothing, a 503 with `Retry-After` while the render threads are saturated,
 * and a thrown error (answered 500 by the route) when the render failed. `page` picks the HTML
 * answers over the JSON ones.
 */
export function createShareLoadAnswerer(
  log: Logger,
  now: () => number = Date.now,
): (response: ServerResponse, result: LoadSharedTranscriptResult, page: boolean) => FoundSharePage | null {
  let refused = 0;
  let loggedAt = Number.NEGATIVE_INFINITY;
  const logBusy = () => {
    refused += 1;
    if (now() - loggedAt < SHARE_BUSY_LOG_INTERVAL_MS) return;
    log.warn("server.share_pages.busy", { refused, reason: "share render threads and queue full" });
    loggedAt = now();
    refused = 0;
  };
  return (response, result, page) => {
    switch (result.kind) {
      case "found":
        return result;
      case "not_found":
        if (page) sendShareNotFoundPage(response);
        else sendShareNotFoundJson(response);
        return null;
      case "busy":
        logBusy();
        if (page) sendShareBusyPage(response);
        else sendShareBusyJson(response);
        return null;
      case "failed":
        // A thread died or ran over its time; nothing of the page has gone out.
        throw new Error(`the share render failed: ${result.reason}`);
      default:
        return assertNever(result);
    }
  };
}

function assertNever(value: never): never {
  throw new Error(`unhandled share load result: ${JSON.stringify(value)}`);
}
