import { MAX_TOOL_OUTPUT_CHARS } from "../openai-agent-limits.js";

/** Cuts a tool's answer to `maxChars`, on a line boundary, and says that it did. */
export function boundOutput(
  text: string,
  { maxChars = MAX_TOOL_OUTPUT_CHARS, truncated = false } = {},
): string {
  if (text.length <= maxChars && !truncated) return text;
  const cut = text.slice(0, maxChars);
  const lastLine = cut.lastIndexOf("\n");
  const kept = lastLine > maxChars / 2 ? cut.slice(0, lastLine) : cut;
  return `${kept}\n[output cut at ${kept.length} characters: narrow the request for more]`;
}

/** The first line of git's complaint, enough for the model to adjust its call. */
export function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}
