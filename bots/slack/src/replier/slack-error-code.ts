/** The `error` of a Slack platform error (`already_reacted`, `channel_not_found`, …). */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | null)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}
