/** The control plane's limit on a prompt's content. */
export const PROMPT_CONTENT_MAX_CHARS = 64_000;

/**
 * The prompt as the agent reads it: what was said in the thread since the previous turn, then the
 * request. Context is cut first when the whole would be over the limit; the request never is.
 */
export function buildPromptContent(prompt: string, context: string[]): string {
  if (context.length === 0) return prompt;
  const header = "Messages in the thread since the last request:\n";
  const footer = `\n\nRequest:\n${prompt}`;
  let earlier = context.map((line) => `> ${line.replace(/\n/g, "\n> ")}`).join("\n");
  const room = PROMPT_CONTENT_MAX_CHARS - header.length - footer.length;
  if (room <= 0) return prompt;
  if (earlier.length > room) earlier = `…${earlier.slice(earlier.length - room + 1)}`;
  return `${header}${earlier}${footer}`;
}
