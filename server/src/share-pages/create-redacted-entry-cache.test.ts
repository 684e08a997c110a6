import type { Redactor, StoredTranscriptEntry } from "@baton/core";
import { describe, expect, it } from "vitest";
import { createRedactedEntryCache } from "./create-redacted-entry-cache.js";

const stored = (id: string, text: string): StoredTranscriptEntry => ({
  id,
  entry: {
    kind: "outcome",
    turnId: "t1",
    at: "2024-06-11T10:00:00.000Z",
    status: "completed",
    summary: text,
  },
});

describe("createRedactedEntryCache", () => {
  it("redacts an entry once per stream position, and forgets the least recently used past its budget", () => {
    const seen: string[] = [];
    const redactor: Redactor = {
      redact(text) {
        seen.push(text);
        return { text: text.replace("secret", "[REDACTED]"), redactions: 1, withheldBlocks: 0 };
      },
    };
    const cache = createRedactedEntryCache({ redactor, maxChars: 300 });
    const first = cache.redact("s1", stored("1-0", "a secret"));
    expect(first.entry).toMatchObject({ summary: "a [REDACTED]" });
    cache.redact("s1", stored("1-0", "a secret"));
    expect(seen).toEqual(["a secret"]);
    // Another session's entry at the same position is its own.
    cache.redact("s2", stored("1-0", "b secret"));
    expect(seen).toHaveLength(2);
    // Past the budget the oldest goes, and is redacted again when asked for.
    cache.redact("s1", stored("2-0", "c secret"));
    cache.redact("s1", stored("1-0", "a secret"));
    expect(seen).toEqual(["a secret", "b secret", "c secret", "a secret"]);
  });

  it("renders an entry's HTML once per stream position", () => {
    const redactor: Redactor = { redact: (text) => ({ text, redactions: 0, withheldBlocks: 0 }) };
    const cache = createRedactedEntryCache({ redactor });
    const entry = stored("1-0", "done");
    cache.redact("s1", entry);
    let renders = 0;
    const render = () => `<p>${++renders}</p>`;
    expect(cache.rendered("s1", entry, render)).toBe("<p>1</p>");
    expect(cache.rendered("s1", entry, render)).toBe("<p>1</p>");
    expect(renders).toBe(1);
  });
});
