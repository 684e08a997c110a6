/**
 * Helpers for `SessionRequest.context`: each platform names its own keys and says how the
 * classifier reads them (`PlatformPolicy.classifierContext`); all are optional, and none is
 * trusted (they are written by people).
 */

/** Joins list values (labels) for a context entry, one per line, since names may contain commas. */
export function formatContextList(values: readonly string[]): string {
  return values.map((value) => value.replace(/[\r\n]+/g, " ").trim()).join("\n");
}

/** Reads a list written by `formatContextList`; an absent key is an empty list. */
export function readContextList(context: Readonly<Record<string, string>>, key: string): string[] {
  const value = context[key];
  if (value === undefined) return [];
  return value
    .split("\n")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
