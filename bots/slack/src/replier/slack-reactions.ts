/** The reactions Baton puts on the message it works on: seen while working, then how it ended. */
export const SLACK_REACTIONS = {
  seen: "eyes",
  done: "white_check_mark",
  failed: "x",
  stopped: "black_square_for_stop",
} as const;
