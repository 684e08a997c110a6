import type { AgentEvent, Artifact } from "@baton/core";
import { mapRemoteArtifact } from "./map-remote-artifact.js";
import type { RemoteEvent } from "./openinspect-schemas.js";

/** Tool inputs and outputs are cut to this many characters in the transcript. */
export const TOOL_TEXT_MAX_CHARS = 2_000;
const STATUS_ARGUMENT_MAX_CHARS = 80;

export type PromptEnd = { success: true } | { success: false; error: string };

export interface PromptProgress {
  /** Reads one event of the prompt and returns what Baton shows for it (often nothing). */
  apply(event: RemoteEvent): AgentEvent[];
  /** Adds an artifact found another way (`/artifacts`); nothing when it was already seen. */
  addArtifact(artifact: Artifact): AgentEvent[];
  /** The last `token` content: the answer so far. */
  readonly answer: string;
  /** Set once `execution_complete` or `error` arrived. */
  readonly end: PromptEnd | undefined;
}

/**
 * What a prompt's events add up to. The same event may arrive twice (the WebSocket's replay, then
 * polling after the socket dropped), so each tool call, artifact and the end are taken once.
 */
export function createPromptProgress(): PromptProgress {
  let answer = "";
  let end: PromptEnd | undefined;
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && Boolean(seen.add(key));

  function addArtifact(artifact: Artifact): AgentEvent[] {
    return once(`artifact:${artifact.url ?? artifact.title}`) ? [{ type: "artifact", artifact }] : [];
  }

  function applyToolCall(data: Record<string, unknown>, eventId: string | undefined): AgentEvent[] {
    const tool = typeof data.tool === "string" ? data.tool : "tool";
    const callId = typeof data.callId === "string" ? data.callId : (eventId ?? `${tool}:${seen.size}`);
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

  return {
    apply(event) {
      const data = event.data;
      switch (event.type) {
        case "token":
          if (typeof data.content === "string") answer = data.content;
          return [];
        case "tool_call":
          return applyToolCall(data, event.id);
        case "artifact": {
          const artifact = mapRemoteArtifact({
            type: String(data.artifactType ?? data.type ?? "link"),
            url: typeof data.url === "string" ? data.url : undefined,
            metadata: (data.metadata as Record<string, unknown> | undefined) ?? undefined,
          });
          return artifact ? addArtifact(artifact) : [];
        }
        case "execution_complete":
          end ??= data.success === false ? { success: false, error: errorText(data) } : { success: true };
          return [];
        case "error":
          end ??= { success: false, error: errorText(data) };
          return [];
        default:
          return [];
      }
    },
    addArtifact,
    get answer() {
      return answer;
    },
    get end() {
      return end;
    },
  };
}

/** Whether an event ends its prompt. */
export function isPromptEnd(event: RemoteEvent): boolean {
  return event.type === "execution_complete" || event.type === "error";
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

function errorText(data: Record<string, unknown>): string {
  for (const key of ["error", "message"])
    if (typeof data[key] === "string" && data[key]) return data[key] as string;
  return "the agent failed without saying why";
}

function stringify(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function cut(text: string): string {
  return text.length > TOOL_TEXT_MAX_CHARS ? `${text.slice(0, TOOL_TEXT_MAX_CHARS)}…` : text;
}
