import type { BackendModels } from "../config/catalog.js";
import type { AgentBackend } from "../contracts/agent-backend.js";
import type { Session } from "../schemas/session.js";
import type { SessionStore } from "../store/session-store.js";
import { chooseTurnModel, describeModelRefusal } from "./choose-turn-model.js";
import type { SessionResolution } from "./resolve-session-target.js";

export type TurnChoices =
  | { kind: "ready"; session: Session /** What this turn runs on. */; model: string | undefined }
  | { kind: "model_not_allowed"; message: string };

/**
 * What the person chose for this turn, applied to its session in one write: a new target they
 * named, and the model (see `chooseTurnModel`). A model that is not allowed changes nothing.
 */
export async function applyTurnChoices({
  resolution,
  requestedModel,
  backend,
  models,
  sessions,
}: {
  resolution: Extract<SessionResolution, { kind: "ready" }>;
  requestedModel: string | undefined;
  backend: Pick<AgentBackend, "name" | "defaultModel">;
  models: Readonly<Record<string, BackendModels>>;
  sessions: SessionStore;
}): Promise<TurnChoices> {
  const current = resolution.session;
  const choice = chooseTurnModel({ requested: requestedModel, sessionModel: current.model, backend, models });
  if (choice.kind === "not_allowed")
    return { kind: "model_not_allowed", message: describeModelRefusal(choice) };
  const change = {
    ...(resolution.retarget ? { target: resolution.retarget } : {}),
    ...(choice.sessionModel !== current.model ? { model: choice.sessionModel } : {}),
  };
  const session = Object.keys(change).length > 0 ? await sessions.update(current.id, change) : current;
  return { kind: "ready", session, model: choice.model };
}
