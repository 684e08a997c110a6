import type { FakeRemoteSession } from "./fake-control-plane-types.js";

/** The models the fake knows (a few of the control plane's); any other becomes the default. */
export const FAKE_CONTROL_PLANE_MODELS = [
  "anthropic/claude-sonnet-4-6",
  "anthropic/claude-haiku-4-5",
  "openai/gpt-5.5",
] as const;
export const FAKE_CONTROL_PLANE_DEFAULT_MODEL = FAKE_CONTROL_PLANE_MODELS[0];

/** A new, active session with no prompts yet, running the model asked for when the fake knows it. */
export function createFakeSession(
  id: string,
  body: Record<string, unknown>,
  actor: string,
  service: string,
): FakeRemoteSession {
  const asked = typeof body.model === "string" ? body.model : "";
  const known = FAKE_CONTROL_PLANE_MODELS.find((model) => model === asked || model.endsWith(`/${asked}`));
  return {
    id,
    body,
    actor,
    service,
    status: "active",
    model: known ?? FAKE_CONTROL_PLANE_DEFAULT_MODEL,
    spawnError: null,
    messages: [],
    events: [],
    artifacts: [],
    stops: 0,
  };
}
