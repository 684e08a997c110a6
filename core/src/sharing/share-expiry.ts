export const DAY_MS = 24 * 60 * 60_000;

/** How long a link lives: a number of days, or `never` (only revocation ends it). */
export type ShareLifetime = number | "never";

/** When a share created at `nowMs` expires; null for `never`. */
export function shareExpiresAt(lifetime: ShareLifetime, nowMs: number): number | null {
  return lifetime === "never" ? null : nowMs + Math.round(lifetime * DAY_MS);
}

/** Parses `--expires-in-days` (a positive number of days, or `never`); null when it is neither. */
export function parseShareLifetime(text: string): ShareLifetime | null {
  if (text === "never") return "never";
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const days = Number(text);
  return days > 0 ? days : null;
}
