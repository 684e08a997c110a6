/** Words that, said to Baton on their own, control the session instead of starting a turn. */
export type ControlWord = "stop" | "share" | "unshare";

const CONTROL_WORDS: Record<string, ControlWord> = {
  stop: "stop",
  cancel: "stop",
  share: "share",
  unshare: "unshare",
};

/**
 * The control word a message is, once the bot has taken its mention out (`@baton stop` → `stop`):
 * case and trailing `.`/`!` do not matter; anything else is a prompt (null).
 *
 * @example parseControlWord("Cancel!") // "stop"
 */
export function parseControlWord(text: string): ControlWord | null {
  return (
    CONTROL_WORDS[
      text
        .trim()
        .toLowerCase()
        .replace(/[.!]+$/, "")
    ] ?? null
  );
}
