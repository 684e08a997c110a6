/** One output item of a scripted answer, before it is cut into stream events. */
export type FakeOutputItem =
  | { type: "reasoning"; id: string; summary: string }
  | { type: "function_call"; id: string; callId: string; name: string; arguments: string }
  | { type: "custom_tool_call"; id: string; callId: string; name: string; input: string }
  | { type: "message"; id: string; text: string };

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export type ResponsesStreamEvent = { type: string } & Record<string, unknown>;

// Deltas in small pieces, as a real model streams them, so a client that only reads `.done`
// events and one that assembles deltas both see the whole text.
const DELTA_CHARS = 24;

/**
 * The server-sent events of one streamed Responses API answer, in the order the API sends them:
 * `response.created`, `response.in_progress`, then per item `output_item.added`, its deltas and
 * done events, `output_item.done`, and finally `response.completed` with the usage.
 */
export function buildResponseEvents(input: {
  responseId: string;
  model: string;
  items: FakeOutputItem[];
  usage: ResponsesUsage;
}): ResponsesStreamEvent[] {
  const createdAt = Math.floor(Date.now() / 1000);
  const shell = { id: input.responseId, object: "response", created_at: createdAt, model: input.model };
  const events: ResponsesStreamEvent[] = [
    { type: "response.created", response: { ...shell, status: "in_progress", output: [] } },
    { type: "response.in_progress", response: { ...shell, status: "in_progress", output: [] } },
  ];
  const done = input.items.map((item, outputIndex) => {
    events.push(...itemEvents(item, outputIndex));
    return finishedItem(item);
  });
  events.push({
    type: "response.completed",
    response: { ...shell, status: "completed", output: done, usage: input.usage },
  });
  return events.map((event, sequence) => ({ ...event, sequence_number: sequence }));
}

function itemEvents(item: FakeOutputItem, outputIndex: number): ResponsesStreamEvent[] {
  const at = { item_id: item.id, output_index: outputIndex };
  const added = { type: "response.output_item.added", output_index: outputIndex, item: startedItem(item) };
  const finished = { type: "response.output_item.done", output_index: outputIndex, item: finishedItem(item) };
  switch (item.type) {
    case "function_call":
      return [
        added,
        ...pieces(item.arguments).map((delta) => ({
          type: "response.function_call_arguments.delta",
          ...at,
          delta,
        })),
        { type: "response.function_call_arguments.done", ...at, arguments: item.arguments },
        finished,
      ];
    case "custom_tool_call":
      return [
        added,
        ...pieces(item.input).map((delta) => ({
          type: "response.custom_tool_call_input.delta",
          ...at,
          delta,
        })),
        { type: "response.custom_tool_call_input.done", ...at, input: item.input },
        finished,
      ];
    case "message": {
      const part = { ...at, content_index: 0 };
      return [
        added,
        { type: "response.content_part.added", ...part, part: outputText("") },
        ...pieces(item.text).map((delta) => ({ type: "response.output_text.delta", ...part, delta })),
        { type: "response.output_text.done", ...part, text: item.text },
        { type: "response.content_part.done", ...part, part: outputText(item.text) },
        finished,
      ];
    }
    case "reasoning": {
      const part = { ...at, summary_index: 0 };
      return [
        added,
        { type: "response.reasoning_summary_part.added", ...part, part: summaryText("") },
        ...pieces(item.summary).map((delta) => ({
          type: "response.reasoning_summary_text.delta",
          ...part,
          delta,
        })),
        { type: "response.reasoning_summary_text.done", ...part, text: item.summary },
        { type: "response.reasoning_summary_part.done", ...part, part: summaryText(item.summary) },
        finished,
      ];
    }
  }
}

function startedItem(item: FakeOutputItem): Record<string, unknown> {
  switch (item.type) {
    case "function_call":
      return {
        type: item.type,
        id: item.id,
        call_id: item.callId,
        name: item.name,
        arguments: "",
        status: "in_progress",
      };
    case "custom_tool_call":
      return {
        type: item.type,
        id: item.id,
        call_id: item.callId,
        name: item.name,
        input: "",
        status: "in_progress",
      };
    case "message":
      return { type: item.type, id: item.id, role: "assistant", status: "in_progress", content: [] };
    case "reasoning":
      return { type: item.type, id: item.id, summary: [] };
  }
}

function finishedItem(item: FakeOutputItem): Record<string, unknown> {
  switch (item.type) {
    case "function_call":
      return { ...startedItem(item), arguments: item.arguments, status: "completed" };
    case "custom_tool_call":
      return { ...startedItem(item), input: item.input, status: "completed" };
    case "message":
      return { ...startedItem(item), status: "completed", content: [outputText(item.text)] };
    case "reasoning":
      return { ...startedItem(item), summary: [summaryText(item.summary)] };
  }
}

function outputText(text: string) {
  return { type: "output_text", text, annotations: [] };
}

function summaryText(text: string) {
  return { type: "summary_text", text };
}

function pieces(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += DELTA_CHARS) out.push(text.slice(at, at + DELTA_CHARS));
  return out;
}

/** One event in the SSE framing the Responses API uses (`event:` line, then its JSON `data:`). */
export function encodeServerSentEvent(event: ResponsesStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
