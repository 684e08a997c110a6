import { BatonError } from "./errors.js";

/**
 * The message of anything thrown: an `Error`'s message, or the value itself as text (a library
 * may throw a string). The one way Baton turns a caught value into words for a log or a reply.
 *
 * @example
 * log.warn("queue.watchdog.sweep_failed", { error: errorMessage(error) });
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a log says of an error: its name and message, and the stable code of a Baton error. */
export interface ErrorDescription {
  name: string;
  message: string;
  code?: string;
}

/** A caught value as log fields (`errorMessage` for its message). */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof BatonError) return { name: error.name, message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "unknown", message: errorMessage(error) };
}
