import { FAKE_PROMPT_QUEUE_LIMIT, type FakeControlPlaneState } from "./create-fake-control-plane-state.js";
import type { FakeRemoteSession } from "./fake-control-plane-types.js";
import { errorAnswer, type RouteAnswer } from "./routed-request.js";

/** The control plane's limit on a prompt's content. */
const PROMPT_MAX_CHARS = 64_000;

/** `POST /sessions/:id/prompt`: queues the prompt, unless the session or its queue cannot take it. */
export function answerPrompt(
  state: FakeControlPlaneState,
  session: FakeRemoteSession,
  input: Record<string, unknown>,
  actor: string | undefined,
): RouteAnswer {
  if (session.status !== "active") return errorAnswer(409, `Session is ${session.status}`);
  if (
    typeof input.content !== "string" ||
    input.content.length === 0 ||
    input.content.length > PROMPT_MAX_CHARS
  )
    return errorAnswer(400, "content must be 1 to 64000 characters");
  if (state.unfinished(session) >= FAKE_PROMPT_QUEUE_LIMIT)
    return errorAnswer(429, "Prompt queue is full", { code: "PROMPT_QUEUE_FULL" });
  const message = state.queuePrompt(session, {
    content: input.content,
    source: typeof input.source === "string" ? input.source : "unknown",
    model: typeof input.model === "string" ? input.model : undefined,
    author: actor ?? "",
  });
  return { status: 200, body: { messageId: message.id, status: "queued" } };
}
