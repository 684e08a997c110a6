import type { Turn } from "../schemas/turn.js";

/**
 * What a platform says about a turn before it runs: go ahead (with the turn as the platform
 * completed it: repository settings, instructions), or not. `reason` is told to the person;
 * null declines silently (a label that is not Baton's, a repository that turned Baton off).
 */
export type TurnAdmission =
  | { kind: "admitted"; turn: Turn }
  | { kind: "declined"; reason: string | null; why: string };

/**
 * A bot's access policy, run by the worker before anything else of a turn: checks that need
 * the platform's API (a GitHub permission, a repository's settings) and so stay off the
 * acknowledgement path.
 */
export type AdmitTurn = (turn: Turn) => Promise<TurnAdmission>;
