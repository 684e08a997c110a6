import type { Session } from "../schemas/session.js";

/** Gives the read-only link to a session's transcript, or null when sharing is off for it. */
export interface ShareLinks {
  linkFor(session: Session): Promise<string | null>;
}
