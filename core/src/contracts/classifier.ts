import type { SessionRequest } from "../schemas/session-request.js";
import type { Decision, Target } from "../schemas/target.js";

/** Chooses the target of a new conversation; asks when unsure. */
export interface Classifier {
  classify(request: SessionRequest): Promise<Decision>;
  /**
   * The target a follow-up names in so many words (`acme/api`, `env:checkout`, `!repo …`, "no
   * repo"), if any: the only thing that switches a session's target. Optional so that simple
   * classifiers need not read text.
   */
  explicitTarget?(request: SessionRequest): Target | undefined;
}
