/** A message split into the requester's own words and what they pasted or quoted. */
export interface QuotedSplit {
  own: string;
  /** Fenced code, `>` quotes, log and shell lines, names of other places (`#name`). */
  quoted: string;
}

const CODE_FENCE = /```[\s\S]*?(?:```|$)/g;
// `#name` names a place, such as another channel: where the text came from, not where to work.
// Not inside a word, a path or a link (`page#part`, `acme/web#12`, `&#39;`), nor a heading
// (`# Title`), nor all digits (`#123` is an issue or pull request).
const PLACE_REFERENCE = /(?<![\p{L}\p{N}_&/#])#([\p{L}\p{N}_][\p{L}\p{N}_-]*)/gu;
const ALL_DIGITS = /^\d+$/;
const QUOTE_LINE = /^[ \t]*(?:>|&gt;)/;
// Lines a program wrote: timestamps, log levels, `key=value` records, stack frames, a shell prompt.
const MACHINE_LINE =
  /^[ \t]*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d|\[?\d{2}:\d{2}:\d{2}\b|\[?(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL)\b|level=|\w+=\S+\s+\w+=|at\s+\S+\s*\(|at\s+\S+:\d+|\$\s|npm ERR!|Traceback\b|File "|Caused by:|Exception in)/;

/**
 * Splits pasted and quoted material from the requester's own words. A repository named in a log
 * line, a quoted message or a pasted block is where the text came from, not a choice: it is
 * ordinary evidence at a lower weight, and never an explicit target.
 *
 * @example
 * splitQuotedText("> the search is down\nfix the indexer");
 * // { own: "\nfix the indexer", quoted: "> the search is down" }
 */
export function splitQuotedText(text: string): QuotedSplit {
  const quoted: string[] = [];
  let own = text
    .replace(CODE_FENCE, (block) => {
      quoted.push(block.replace(/```\w*/g, " "));
      return "\n";
    })
    .replace(PLACE_REFERENCE, (reference, name: string) => {
      if (ALL_DIGITS.test(name)) return reference;
      quoted.push(name);
      return " ";
    });
  own = own
    .split("\n")
    .map((line) => {
      if (!QUOTE_LINE.test(line) && !MACHINE_LINE.test(line)) return line;
      quoted.push(line);
      return "";
    })
    .join("\n");
  return { own, quoted: quoted.join("\n") };
}
