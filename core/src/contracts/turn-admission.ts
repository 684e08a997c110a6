import type { Platform } from "../schemas/conversation-ref.js";
import { ownTurn } from "../schemas/own-turn.js";
import type { Turn } from "../schemas/turn.js";
import type { PlatformTurn } from "./replier.js";

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
 * the platform's API (a repository permission, a repository's settings) and so stay off the
 * acknowledgement path.
 */
export type AdmitTurn<P extends Platform = Platform> = (turn: PlatformTurn<P>) => Promise<TurnAdmission>;

/** Seats a platform's access policy, typed by its platform, among the worker's (see `replierFor`). */
export function admissionFor<P extends Platform>(platform: P, admit: AdmitTurn<P>): AdmitTurn {
  return (turn) => admit(ownTurn(turn, platform));
}
