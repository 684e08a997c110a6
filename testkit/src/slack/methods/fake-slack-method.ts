import type { FakeSlackIdentity } from "../fake-slack-defaults.js";
import type { FakeSlackDirectory } from "../fake-slack-directory.js";
import type { FakeSlackStore } from "../fake-slack-store.js";
import type { FakeSocketModeServer } from "../socket-mode/create-fake-socket-mode.js";

/** What Slack puts in a 200 response body: `ok` plus method fields, or an error code. */
export type FakeSlackAnswer = { ok: true; [field: string]: unknown } | { ok: false; error: string };

export interface FakeSlackMethodContext {
  body: Record<string, unknown>;
  store: FakeSlackStore;
  directory: FakeSlackDirectory;
  identity: FakeSlackIdentity;
  socketMode: Pick<FakeSocketModeServer, "openLink">;
}

/** One Web API method of the fake: reads the arguments, updates state, answers like Slack. */
export type FakeSlackMethod = (context: FakeSlackMethodContext) => FakeSlackAnswer;

export const slackError = (error: string): FakeSlackAnswer => ({ ok: false, error });

/**
 * Reads a string argument. Numbers are accepted because JSON callers may send `thread_ts` or
 * `limit` unquoted, while form callers always send strings.
 */
export function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

/** Copies the optional message fields that were sent, leaving absent ones out of the stored message. */
export function pickPresent(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    if (body[key] !== undefined && body[key] !== "") picked[key] = body[key];
  }
  return picked;
}
