import type { PushRefusedReason } from "./publish-outcome.js";

const MAX_MESSAGE_CHARS = 300;

/**
 * Why the remote refused a push, from git's output: a protected branch (GitHub's GH006, a
 * pre-receive hook that declined), a branch that moved under Baton (non-fast-forward), refused
 * credentials, or anything else. The message is git's most telling line, with any URL taken out.
 */
export function classifyPushRefusal(output: string): { reason: PushRefusedReason; message: string } {
  const lines = output
    .split("\n")
    .map((line) => line.replace(/^remote:\s*/, "").trim())
    .filter(Boolean);
  const reason: PushRefusedReason = /protected branch|GH006|hook declined|pre-receive/i.test(output)
    ? "protected"
    : /non-fast-forward|fetch first|\[rejected\]|stale info/i.test(output)
      ? "moved"
      : /authentication failed|could not read username|401|403|permission to .* denied|invalid username or password/i.test(
            output,
          )
        ? "auth"
        : "other";
  const telling =
    lines.find((line) => /protected branch|GH006|declined|rejected|denied|authentication/i.test(line)) ??
    lines.find((line) => /^(error|fatal):/.test(line)) ??
    lines[0] ??
    "git push failed";
  const message = telling.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "<remote>").slice(0, MAX_MESSAGE_CHARS);
  return { reason, message };
}
