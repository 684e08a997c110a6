/**
 * Slack shows a status line as "<App name> <status>": a short line under the thread, where a long
 * one would wrap or be cut by the client. The agent's status is made one line and cut here.
 */
export const SLACK_STATUS_MAX_CHARS = 100;

/** The thread's status line for an agent's latest status: "is working: <status>", one line, short. */
export function statusLineText(status: string): string {
  // By code point, so that an emoji is never cut in half.
  const line = [...`is working: ${status.replace(/\s+/g, " ").trim()}`];
  return line.length <= SLACK_STATUS_MAX_CHARS
    ? line.join("")
    : `${line.slice(0, SLACK_STATUS_MAX_CHARS - 1).join("")}…`;
}
