/** `json`: one JSON object a line, for log shippers. `pretty`: one short line a event, for people. */
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * `LOG_FORMAT` when it is set; otherwise pretty lines when a person is watching (stdout is a
 * terminal) and JSON when a pipe, a file or a log shipper is.
 */
export function resolveLogFormat({
  requested,
  isTty,
}: {
  requested: LogFormat | undefined;
  isTty: boolean;
}): LogFormat {
  return requested ?? (isTty ? "pretty" : "json");
}
