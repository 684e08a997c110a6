/**
 * What the Linear replier records in the reply ledger. Per turn, under the turn id; per agent
 * session, under `sessionLedgerId` (the ledger is a hash per id, with the turns' lifetime).
 */
export const LINEAR_REPLY_FIELDS = {
  acknowledged: "working.claimed",
  working: "working",
  pendingRequest: "request",
  result: "result.0",
  failed: "failed",
  declined: "declined",
  ask: "picker.ask",
  issueStarted: "linear.issue_started",
  /** Per agent session: the share link last set as its external URL. */
  externalLink: "linear.external_link",
  /** Per agent session: the turn whose elicitation waits for an answer, and its candidates. */
  askingTurn: "linear.asking_turn",
  askCandidates: "linear.ask_candidates",
  /** Per agent session: the delivery whose reply answered a turn's question. */
  askAnsweredBy: (turnId: string) => `linear.ask_answered_by.${turnId}`,
} as const;

/** The ledger id of an agent session's own records (not a turn id: those start with `t_`). */
export function sessionLedgerId(agentSessionId: string): string {
  return `linear-session.${agentSessionId}`;
}
