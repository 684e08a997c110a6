import type { TranscriptEntry } from "../schemas/transcript-entry.js";
import type { Redactor } from "./create-redactor.js";

export interface RedactedEntry {
  entry: TranscriptEntry;
  redactions: number;
  withheldBlocks: number;
}

/**
 * A transcript entry fit to leave through a share: every free-text field redacted, and the
 * sender's email dropped (a share shows who asked by name, not how to reach them). An artifact
 * whose URL needed redacting keeps its title but loses the link.
 */
export function redactTranscriptEntry(entry: TranscriptEntry, redactor: Redactor): RedactedEntry {
  let redactions = 0;
  let withheldBlocks = 0;
  const clean = (text: string): string => {
    const result = redactor.redact(text);
    redactions += result.redactions;
    withheldBlocks += result.withheldBlocks;
    return result.text;
  };

  const redacted = ((): TranscriptEntry => {
    switch (entry.kind) {
      case "prompt": {
        const { email: _email, ...actor } = entry.actor;
        return {
          ...entry,
          actor: { ...actor, ...(actor.name ? { name: clean(actor.name) } : {}) },
          text: clean(entry.text),
          ...(entry.background
            ? { background: entry.background.map((b) => ({ label: clean(b.label), text: clean(b.text) })) }
            : {}),
        };
      }
      case "target":
        return { ...entry, reason: clean(entry.reason) };
      case "outcome":
        return { ...entry, summary: clean(entry.summary) };
      case "event": {
        const event = entry.event;
        switch (event.type) {
          case "status":
            return { ...entry, event: { ...event, message: clean(event.message) } };
          case "message":
            return { ...entry, event: { ...event, text: clean(event.text) } };
          case "tool":
            return {
              ...entry,
              event: {
                ...event,
                name: clean(event.name),
                input: clean(event.input),
                ...(event.output === undefined ? {} : { output: clean(event.output) }),
              },
            };
          case "artifact": {
            const { url, ...artifact } = event.artifact;
            const cleanUrl = url === undefined ? undefined : clean(url);
            const keepUrl = cleanUrl !== undefined && cleanUrl === url;
            return {
              ...entry,
              event: {
                ...event,
                artifact: { ...artifact, title: clean(artifact.title), ...(keepUrl ? { url } : {}) },
              },
            };
          }
          case "done":
            return { ...entry, event: { ...event, summary: clean(event.summary) } };
          case "error":
            return { ...entry, event: { ...event, message: clean(event.message) } };
          default:
            return assertNever(event);
        }
      }
      default:
        return assertNever(entry);
    }
  })();
  return { entry: redacted, redactions, withheldBlocks };
}

function assertNever(value: never): never {
  throw new Error(`unhandled transcript entry: ${JSON.stringify(value)}`);
}
