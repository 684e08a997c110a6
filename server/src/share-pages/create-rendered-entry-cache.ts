import type { TranscriptLine } from "@baton/core";
import type { ShareRenderResult } from "./create-share-render-pool.js";
import type { RenderedShareEntry, ShareFormat, ShareRenderJob } from "./share-render-job.js";

/** Rendered text the cache holds at most by default, summed over its entries. */
export const SHARE_CACHE_MAX_CHARS_DEFAULT = 64 * 1024 * 1024;

export type RenderMissing = (job: ShareRenderJob) => Promise<ShareRenderResult>;

export interface RenderedEntryCache {
  /**
   * These entries of a session, rendered in `format`: from memory when rendered before, the
   * rest in one `renderMissing` job. An entry another request is rendering right now is waited
   * for, not rendered twice. A busy or failed job is the answer of every request that needed it.
   */
  render(
    sessionId: string,
    format: ShareFormat,
    lines: TranscriptLine[],
    renderMissing: RenderMissing,
  ): Promise<ShareRenderResult>;
}

type Slot = RenderedShareEntry | Promise<RenderedShareEntry | Exclude<ShareRenderResult, { kind: "done" }>>;

/**
 * A stream entry never changes once written, so its redacted rendering is kept by (session,
 * format, stream id), least recently used out first. Ten viewers of one transcript render it
 * once, and a page whose entries are all here costs the event loop a few map lookups and a join.
 */
export function createRenderedEntryCache({
  maxChars = SHARE_CACHE_MAX_CHARS_DEFAULT,
}: {
  maxChars?: number;
} = {}): RenderedEntryCache {
  const rendered = new Map<string, RenderedShareEntry>();
  const pending = new Map<string, Slot>();
  let totalChars = 0;

  function remember(key: string, entry: RenderedShareEntry): void {
    if (rendered.has(key)) return;
    rendered.set(key, entry);
    totalChars += entry.body.length;
    for (const [oldest, value] of rendered) {
      if (totalChars <= maxChars) break;
      rendered.delete(oldest);
      totalChars -= value.body.length;
    }
  }

  function recall(key: string): RenderedShareEntry | undefined {
    const hit = rendered.get(key);
    if (hit) {
      // Re-inserted: Map order is the recency order.
      rendered.delete(key);
      rendered.set(key, hit);
    }
    return hit;
  }

  return {
    async render(sessionId, format, lines, renderMissing) {
      const keyOf = (id: string) => `${sessionId}\u0000${format}\u0000${id}`;
      const slots = lines.map((line) => recall(keyOf(line.id)) ?? pending.get(keyOf(line.id)) ?? null);
      const missing = lines.filter((_, i) => slots[i] === null);
      if (missing.length > 0) {
        const job = renderMissing({ format, lines: missing });
        let next = 0;
        slots.forEach((slot, at) => {
          if (slot !== null) return;
          const i = next++;
          const pendingSlot = job.then((result) =>
            result.kind === "done" ? (result.value[i] as RenderedShareEntry) : result,
          );
          pending.set(keyOf(lines[at]?.id ?? ""), pendingSlot);
          slots[at] = pendingSlot;
        });
        void job.then((result) => {
          missing.forEach((line, i) => {
            const key = keyOf(line.id);
            pending.delete(key);
            const entry = result.kind === "done" ? result.value[i] : undefined;
            if (entry) remember(key, entry);
          });
        });
      }
      const entries: RenderedShareEntry[] = [];
      for (const slot of await Promise.all(slots as Slot[])) {
        if ("kind" in slot) return slot;
        entries.push(slot);
      }
      return { kind: "done", value: entries };
    },
  };
}
