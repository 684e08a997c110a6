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
  /**
   * The request as the agent should get it: flags (`!model …`, `!repo …`) read into hints and
   * taken out of the text. Hints the adapter set itself (a picker's choice) win. Runs in the
   * worker, so that no text is parsed on the acknowledgement path.
   */
  readRequest?(request: SessionRequest): SessionRequest;
}
