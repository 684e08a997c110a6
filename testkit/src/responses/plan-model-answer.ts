import type { FakeModelAction, FakeModelRequest } from "./fake-model-step.js";
import type { FakeOutputItem } from "./responses-stream.js";

/** The real CLI's default wait before a running command comes back as a session to poll. */
const DEFAULT_YIELD_TIME_MS = 10_000;

type AnswerAction = Extract<FakeModelAction, { kind: "exec" | "poll" | "patch" | "text" }>;

/**
 * The output items of one scripted answer, in the tool shapes the codex CLI offers: `exec_command`
 * `{cmd, yield_time_ms}`, `write_stdin` `{session_id, chars, yield_time_ms}`, and `apply_patch`
 * as a freeform tool (or, for a model the CLI does not know, a heredoc through `exec_command`).
 */
export function planModelAnswer(
  action: AnswerAction,
  request: FakeModelRequest,
  id: string,
): FakeOutputItem[] {
  const items: FakeOutputItem[] = [];
  if (action.reasoning) items.push({ type: "reasoning", id: `rs_${id}`, summary: action.reasoning });
  const callId = `call_${id}`;
  switch (action.kind) {
    case "exec":
      items.push(execCall(id, callId, action.cmd, action.yieldTimeMs));
      break;
    case "poll":
      items.push({
        type: "function_call",
        id: `fc_${id}`,
        callId,
        name: "write_stdin",
        arguments: JSON.stringify({
          session_id: action.sessionId,
          chars: action.chars ?? "",
          yield_time_ms: action.yieldTimeMs ?? DEFAULT_YIELD_TIME_MS,
        }),
      });
      break;
    case "patch":
      items.push(
        request.offersFreeformPatch
          ? { type: "custom_tool_call", id: `ctc_${id}`, callId, name: "apply_patch", input: action.patch }
          : execCall(id, callId, `apply_patch <<'PATCH'\n${action.patch.trimEnd()}\nPATCH`),
      );
      break;
    case "text":
      items.push({ type: "message", id: `msg_${id}`, text: action.text });
      break;
  }
  return items;
}

function execCall(id: string, callId: string, cmd: string, yieldTimeMs?: number): FakeOutputItem {
  return {
    type: "function_call",
    id: `fc_${id}`,
    callId,
    name: "exec_command",
    arguments: JSON.stringify({ cmd, yield_time_ms: yieldTimeMs ?? DEFAULT_YIELD_TIME_MS }),
  };
}
