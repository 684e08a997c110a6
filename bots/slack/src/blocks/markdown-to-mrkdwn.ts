const FENCE = /^\s*```/;
const BULLET = /^(\s*)- /;
const BOLD = /\*\*(.+?)\*\*/g;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const INLINE_CODE = /(`[^`\n]*`)/;
/** `<!channel>`, `<!here>`, `<!everyone>`, `<!subteam^…>`: Slack pings a whole channel or group for them. */
const BROADCAST = /<!(?:channel|here|everyone|subteam\^)[^>]*>/g;

/**
 * Text Baton did not write (the agent's summary, an error it passed on) shown as written, with
 * Slack's broadcast mentions shown and not sent: `<` as `&lt;`, so that `<!channel>` in a summary
 * (echoed from a prompt, or planted in a repository the agent read) pings nobody. A mention of
 * one person (`<@U123>`) still works, as it did in the prompt it came from.
 */
export function withoutBroadcastMentions(text: string): string {
  return text.replace(BROADCAST, (mention) => `&lt;${mention.slice(1)}`);
}

/**
 * Baton's platform-neutral result markdown (see `turnOutcomeSchema` in core: `**bold**`, `- `
 * bullets, `> ` quotes, `` `code` ``, fenced blocks, `[text](url)` links) as Slack mrkdwn. Code
 * stays as written; anything outside the subset passes through unchanged, so that what a person
 * typed (a `<@U123>` mention in a quoted prompt) still reads as it did.
 *
 * @example markdownToMrkdwn("- **Target:** [web](https://x)") // "• *Target:* <https://x|web>"
 */
export function markdownToMrkdwn(markdown: string): string {
  let inFence = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (FENCE.test(line)) {
        inFence = !inFence;
        return line;
      }
      if (inFence) return line;
      return line
        .replace(BULLET, "$1• ")
        .split(INLINE_CODE)
        .map((part, index) => (index % 2 === 1 ? part : convertInline(part)))
        .join("");
    })
    .join("\n");
}

function convertInline(text: string): string {
  return withoutBroadcastMentions(text)
    .replace(BOLD, "*$1*")
    .replace(
      LINK,
      (_, label: string, url: string) => `<${url}|${label.replaceAll("|", "¦").replaceAll(">", "&gt;")}>`,
    );
}
