/**
 * What a turn keeps of BATON_TURN_TIMEOUT_MS to end the harness and every process it started,
 * and to say why, before the worker's own deadline for the turn (the same timeout, counted from
 * the turn's start) aborts it with no word from the backend.
 */
export const TURN_WRAP_UP_MS = 10_000;

/**
 * The harness's deadline for a turn that started `elapsedMs` ago: the turn's timeout less the
 * time already spent (opening the workspace, the setup script) and a wrap-up margin (at most half
 * the timeout, so that a short one still leaves the harness time to work).
 *
 * @example
 * harnessDeadlineMs(30 * 60_000, 2_000); // 30 min − 2 s − 10 s
 */
export function harnessDeadlineMs(turnTimeoutMs: number, elapsedMs: number): number {
  const wrapUpMs = Math.min(TURN_WRAP_UP_MS, turnTimeoutMs / 2);
  return Math.max(1, Math.floor(turnTimeoutMs - wrapUpMs - elapsedMs));
}
