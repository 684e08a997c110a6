import { type ContextEntry, formatContextEntries } from "@baton/core";

/** The control plane's limit on a prompt's content. */
export const PROMPT_CONTENT_MAX_CHARS = 64_000;

/**
 * The prompt as the agent reads it: what was said in the thread since the previous turn, then the
 * request. Whole messages are dropped, oldest first, when the whole would be over the limit (a
 * message cut in the middle could leave a line that reads like another author's); the newest one
 * alone keeps its end; the request is never cut.
 */
export function buildPromptContent(prompt: string, context: readonly ContextEntry[]): string {
  if (context.length === 0) return prompt;
  const header = "Messages in the thread since the last request:\n";
  const footer = `\n\nRequest:\n${prompt}`;
  const room = PROMPT_CONTENT_MAX_CHARS - header.length - footer.length;
  let kept = context.length;
  while (kept > 1 && formatContextEntries(context.slice(-kept)).length > room) kept -= 1;
  let entries = context.slice(-kept);
  let earlier = formatContextEntries(entries);
  if (earlier.length > room) {
    const [newest] = entries;
    if (!newest) return prompt;
    const over = earlier.length - room + 1;
    if (over >= newest.text.length) return prompt;
    entries = [{ ...newest, text: `…${newest.text.slice(over)}` }];
    earlier = formatContextEntries(entries);
  }
  return `${header}${earlier}${footer}`;
}
