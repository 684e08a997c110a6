import { MAX_TRANSCRIPT_TEXT_CHARS, type NewTranscriptEntry } from "@baton/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHARE_PAGE_MAX_CHARS, SHARE_PAGE_MAX_ENTRIES } from "../src/share-pages/load-shared-transcript.js";
import { finishedTurn, type ShareHarness, startShareHarness } from "./fixtures/share-harness.js";

const status = (i: number): NewTranscriptEntry => ({
  kind: "event",
  turnId: "t_long",
  event: { type: "status", message: `step number ${i}` },
});

describe("share pages of long transcripts", () => {
  let harness: ShareHarness;
  beforeEach(async () => {
    harness = await startShareHarness();
  });
  afterEach(() => harness.close());

  it("caps an entry's text when it is written, with a note saying how much was cut", async () => {
    const session = await harness.openSession("1700000990.000001");
    await harness.transcripts.append(session.id, {
      kind: "event",
      turnId: "t_big",
      event: { type: "tool", name: "cat", input: "cat big.log", output: "x".repeat(5_000_000) },
    });
    const [stored] = await harness.transcripts.read(session.id);
    const output =
      stored?.entry.kind === "event" && stored.entry.event.type === "tool"
        ? (stored.entry.event.output ?? "")
        : "";
    expect(output.length).toBeLessThanOrEqual(MAX_TRANSCRIPT_TEXT_CHARS);
    expect(output).toMatch(/\[cut by Baton: [\d,]+ more characters not kept\]$/);
  });

  it("serves the markdown a page at a time, naming where the next page starts", async () => {
    const total = SHARE_PAGE_MAX_ENTRIES * 2 + 10;
    const entries = [
      ...finishedTurn("t_long").slice(0, 2),
      ...Array.from({ length: total }, (_, i) => status(i)),
    ];
    const { shareId } = await harness.sharedSession("1700000990.000002", entries);

    const seen: string[] = [];
    let path = `/api/shared/${shareId}/markdown`;
    let pages = 0;
    for (;;) {
      const response = await fetch(`${harness.baseUrl}${path}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      seen.push(...[...text.matchAll(/step number (\d+)/g)].map((m) => m[1]!));
      pages += 1;
      const next = response.headers.get("x-baton-next-cursor");
      if (!next) break;
      expect(response.headers.get("link")).toBe(`<?after=${encodeURIComponent(next)}>; rel="next"`);
      path = `/api/shared/${shareId}/markdown?after=${encodeURIComponent(next)}`;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => String(i)));
  });

  it("a page holds at most its budget of text and follows on for the rest, even when the session is done", async () => {
    const big = (i: number): NewTranscriptEntry => ({
      kind: "event",
      turnId: "t_long",
      event: { type: "message", text: `${i} ${"lorem ipsum ".repeat(2_500)}` },
    });
    const { shareId } = await harness.sharedSession("1700000990.000003", [
      ...finishedTurn("t_long"),
      ...Array.from({ length: 40 }, (_, i) => big(i)),
    ]);
    const page = await (await fetch(`${harness.baseUrl}/s/${shareId}`)).text();
    expect(page.length).toBeLessThan(SHARE_PAGE_MAX_CHARS * 2);
    expect(page).toContain('data-streaming="true"');
    const cursor = /data-cursor="([^"]+)"/.exec(page)?.[1];
    const updates = (await (
      await fetch(`${harness.baseUrl}/api/shared/${shareId}/updates?after=${cursor}`)
    ).json()) as { hasMore: boolean; html: string };
    expect(updates.html.length).toBeGreaterThan(0);
  });

  it("refuses a cursor past Redis's stream ids (above 2^64 - 1) instead of failing on it", async () => {
    const { shareId } = await harness.sharedSession("1700000990.000004", finishedTurn("t_cursor"));
    const largest = "18446744073709551615-18446744073709551615";
    const fine = await fetch(`${harness.baseUrl}/api/shared/${shareId}/updates?after=${largest}`);
    expect(fine.status).toBe(200);
    for (const cursor of ["18446744073709551616-0", "0-99999999999999999999"]) {
      const response = await fetch(`${harness.baseUrl}/api/shared/${shareId}/updates?after=${cursor}`);
      expect(response.status, cursor).toBe(400);
      expect(await response.json()).toEqual({ error: "bad_cursor" });
    }
  });

  it("refuses a malformed cursor on the markdown route before looking the id up", async () => {
    const response = await fetch(`${harness.baseUrl}/api/shared/nope/markdown?after=not-a-cursor`);
    expect(response.status).toBe(400);
  });
});
