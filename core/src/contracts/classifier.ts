import type { Decision } from "../schemas/target.js";
import type { SessionRequest } from "../schemas/session-request.js";

/** Chooses the target of a new conversation; asks when unsure. */
export interface Classifier {
  classify(request: SessionRequest): Promise<Decision>;
}
