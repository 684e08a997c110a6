import type { AgentEvent, Artifact } from "@baton/core";
import { isMediaArtifact, mapRemoteArtifact } from "./map-remote-artifact.js";
import type { RemoteEvent } from "./openinspect-schemas.js";

/** Tool inputs and outputs are cut to this many characters in the transcript. */
export const TOOL_TEXT_MAX_CHARS = 2_000;
const STATUS_ARGUMENT_MAX_CHARS = 80;

/** How a prompt ended: `sandbox` when no sandbox could start for it (it never ran). */
export type PromptEnd = { success: true } | { success: false; error: string; sandbox?: true };

export interface PromptProgress {
  /** Reads one event of the prompt and returns what Baton shows for it (often nothing). */
  apply(event: RemoteEvent): AgentEvent[];
  /** Adds an artifact found another way (`/artifacts`); nothing when it was already seen. */
  addArtifact(artifact: RemoteArtifactFields): AgentEvent[];
  /** The last `token` content: the answer so far. */
  readonly answer: string;
  /** Screenshots and videos seen (they are storage keys, opened only through Open-Inspect). */
  readonly mediaCount: number;
  /** Set once `execution_complete` arrived (or a sandbox could not start). */
  readonly end: PromptEnd | undefined;
}

export interface RemoteArtifactFields {
  type: string;
  url?: string | null;
  id?: string;
  metadata?: Record<string, unknown> | null;
}

/**
 * What a prompt's events add up to. The same event may arrive twice (the WebSocket's replay, then
 * polling after the socket dropped), so each tool call, artifact and the end are taken once. An
 * `error` does not end the prompt (a child task's error carries its parent's message id, and the
 * agent goes on); it is the reason given when `execution_complete` then says it failed.
 * Screenshots and videos link to `sessionLink` (the session in Open-Inspect's web app), if any.
 */
export function createPromptProgress({ sessionLink }: { sessionLink?: string } = {}): PromptProgress {
  let answer = "";
  let end: PromptEnd | undefined;
  let lastError: string | undefined;
  let mediaCount = 0;
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && Boolean(seen.add(key));

  function addShown(artifact: Artifact): AgentEvent[] {
    return once(`artifact:${artifact.url ?? artifact.title}`) ? [{ type: "artifact", artifact }] : [];
  }

  function addArtifact(remote: RemoteArtifactFields): AgentEvent[] {
    if (!isMediaArtifact(remote.type)) {
      const artifact = mapRemoteArtifact(remote);
      return artifact ? addShown(artifact) : [];
    }
    if (once(`media:${remote.id ?? remote.url ?? mediaCount}`)) mediaCount += 1;
    return sessionLink
      ? addShown({ kind: "link", url: sessionLink, title: "Screenshots and videos, in Open-Inspect" })
      : [];
  }

  return {
    apply(event) {
      const data = event.data;
      switch (event.type) {
        case "token":
          if (typeof data.content === "string") answer = data.content;
          return [];
        case "tool_call":
          return toolCallEvents(data, event.id, once, seen.size);
        case "artifact":
          return addArtifact({
            type: String(data.artifactType ?? data.type ?? "link"),
            url: typeof data.url === "string" ? data.url : undefined,
            id: typeof data.artifactId === "string" ? data.artifactId : undefined,
            metadata: (data.metadata as Record<string, unknown> | undefined) ?? undefined,
          });
        case "execution_complete":
          end ??=
            data.success === false
              ? { success: false, error: errorText(data) ?? lastError ?? NO_REASON }
              : { success: true };
          return [];
        case "error":
          lastError = errorText(data) ?? lastError;
          return [];
        case "sandbox_error":
          end ??= { success: false, error: errorText(data) ?? NO_REASON, sandbox: true };
          return [];
        default:
          return [];
      }
    },
    addArtifact,
    get answer() {
      return answer;
    },
    get mediaCount() {
      return mediaCount;
    },
    get end() {
      return end;
    },
  };
}

/**
 * What a `tool_call` event shows: a status line when the call is first seen, and the tool with its
 * input and output once it completed (or failed). `once` keeps each of them to one showing.
 */
function toolCallEvents(
  data: Record<string, unknown>,
  eventId: string | undefined,
  once: (key: string) => boolean,
  seenCount: number,
): AgentEvent[] {
  const tool = typeof data.tool === "string" ? data.tool : "tool";
  const callId = typeof data.callId === "string" ? data.callId : (eventId ?? `${tool}:${seenCount}`);
  const events: AgentEvent[] = [];
  if (once(`status:${callId}`)) events.push({ type: "status", message: describeToolCall(tool, data.args) });
  const status = typeof data.status === "string" ? data.status : "completed";
  if ((status === "completed" || status === "error") && once(`tool:${callId}`)) {
    events.push({
      type: "tool",
      name: tool,
      input: cut(JSON.stringify(data.args ?? {})),
      output: data.output === undefined ? undefined : cut(stringify(data.output)),
    });
  }
  return events;
}

/** Whether an event ends its prompt: `execution_complete` (never `error`), or a sandbox that cannot start. */
export function isPromptEnd(event: RemoteEvent): boolean {
  return event.type === "execution_complete" || event.type === "sandbox_error";
}

function describeToolCall(tool: string, args: unknown): string {
  const first =
    args && typeof args === "object"
      ? Object.values(args as Record<string, unknown>).find((value) => typeof value === "string")
      : undefined;
  if (typeof first !== "string" || first.length === 0) return `Using ${tool}`;
  const short =
    first.length > STATUS_ARGUMENT_MAX_CHARS ? `${first.slice(0, STATUS_ARGUMENT_MAX_CHARS)}…` : first;
  return `Using ${tool}: ${short.replace(/\s+/g, " ")}`;
}

const NO_REASON = "the agent failed without saying why";

function errorText(data: Record<string, unknown>): string | undefined {
  for (const key of ["error", "message"])
    if (typeof data[key] === "string" && data[key]) return data[key] as string;
  return undefined;
}

function stringify(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function cut(text: string): string {
  return text.length > TOOL_TEXT_MAX_CHARS ? `${text.slice(0, TOOL_TEXT_MAX_CHARS)}…` : text;
}
