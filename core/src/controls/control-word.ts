/** Words that, said to Baton on their own, control the session instead of starting a turn. */
export type ControlWord = "stop" | "share" | "unshare";

const CONTROL_WORDS: Record<string, ControlWord> = {
  stop: "stop",
  cancel: "stop",
  share: "share",
  unshare: "unshare",
};

/** Longer than any control word with its trailing `.`/`!`: a prompt, known without lowercasing it. */
const LONGEST_CONTROL_TEXT_CHARS = 16;

/**
 * The control word a message is, once the bot has taken its mention out (`@baton stop` → `stop`):
 * case and trailing `.`/`!` do not matter; anything else is a prompt (null).
 *
 * @example parseControlWord("Cancel!") // "stop"
 */
export function parseControlWord(text: string): ControlWord | null {
  const trimmed = text.trim();
  // Every prompt passes here on the acknowledgement path; most are sentences.
  if (trimmed.length > LONGEST_CONTROL_TEXT_CHARS) return null;
  return CONTROL_WORDS[trimmed.toLowerCase().replace(/[.!]+$/, "")] ?? null;
}
