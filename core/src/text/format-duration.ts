/**
 * A turn's duration as people read it in a reply: `42s`, `3m 5s`.
 *
 * @example formatDuration(185_000) // "3m 5s"
 */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${seconds % 60}s`;
}
