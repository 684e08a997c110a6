import { silentLogger } from "@baton/core";
import { createRecordingLogger } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import type { ShareRenderer, ShareRenderResult } from "../src/share-pages/create-share-render-pool.js";
import { SHARE_BUSY_RETRY_AFTER_S } from "../src/share-pages/render-busy-page.js";
import type { ShareRenderJob } from "../src/share-pages/share-render-job.js";
import {
  finishedTurn,
  type ShareHarness,
  sharedRenderPool,
  startShareHarness,
} from "./fixtures/share-harness.js";

/** The real pool, unless the test says every render is busy or fails; counts the jobs it passes on. */
function switchableRenderer(pool: Pick<ShareRenderer, "render">) {
  const state = { answer: "render" as "render" | "busy" | "fail", jobs: [] as ShareRenderJob[] };
  const renderer = {
    render(job: ShareRenderJob): Promise<ShareRenderResult> {
      state.jobs.push(job);
      if (state.answer === "busy") return Promise.resolve({ kind: "busy" });
      if (state.answer === "fail")
        return Promise.resolve({
          kind: "failed",
          reason: "worker_exited",
          message: "the worker thread exited (1)",
        });
      return pool.render(job);
    },
  };
  return { state, renderer };
}

const TRANSCRIPT_ROUTES = (id: string) => [
  `/api/shared/${id}/markdown`,
  `/api/shared/${id}/updates`,
  `/api/shared/${id}/download.md`,
  `/api/shared/${id}/download.json`,
];

describe("share pages while the render threads are saturated", () => {
  let harness: ShareHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("answers 503 with Retry-After and the share headers, on the page and every transcript route", async () => {
    const { state, renderer } = switchableRenderer(sharedRenderPool([]));
    const logger = createRecordingLogger();
    harness = await startShareHarness({ renderer, logger });
    const { shareId } = await harness.sharedSession("1700000000.000901", finishedTurn("t1"));
    state.answer = "busy";

    const page = await fetch(`${harness.baseUrl}/s/${shareId}`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe(String(SHARE_BUSY_RETRY_AFTER_S));
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Reload the page in a few seconds");

    for (const path of TRANSCRIPT_ROUTES(shareId)) {
      const response = await fetch(`${harness.baseUrl}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after")).toBe(String(SHARE_BUSY_RETRY_AFTER_S));
      expect(await response.json()).toEqual({ error: "busy", retryAfterSeconds: SHARE_BUSY_RETRY_AFTER_S });
    }
    // What needs no rendering still answers: the status, and the 404 of an id that opens nothing.
    expect((await fetch(`${harness.baseUrl}/api/shared/${shareId}/status`)).status).toBe(200);
    expect((await fetch(`${harness.baseUrl}/s/${shareId.slice(0, -2)}xx`)).status).toBe(404);
    // Said once for the burst, without the share id.
    const busyLines = logger.lines.filter((line) => line.event.startsWith("server.share_pages.busy"));
    expect(busyLines).toHaveLength(1);
    expect(JSON.stringify(logger.lines)).not.toContain(shareId);
  });

  it("serves a page rendered before from its cache while the threads are busy", async () => {
    const { state, renderer } = switchableRenderer(sharedRenderPool([]));
    harness = await startShareHarness({ renderer });
    const { shareId } = await harness.sharedSession("1700000000.000902", finishedTurn("t1"));
    const first = await (await fetch(`${harness.baseUrl}/s/${shareId}`)).text();
    state.answer = "busy";
    const again = await fetch(`${harness.baseUrl}/s/${shareId}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(first);
  });

  it("renders a page once for ten concurrent loads of it", async () => {
    const { state, renderer } = switchableRenderer(sharedRenderPool([]));
    harness = await startShareHarness({ renderer });
    const { shareId } = await harness.sharedSession("1700000000.000903", finishedTurn("t1"));
    const pages = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${harness?.baseUrl}/s/${shareId}`).then((r) => r.text())),
    );
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain("Opened a pull request that fixes the total.");
    expect(state.jobs).toHaveLength(1);
  });

  it("answers a failed render with a 500, sends nothing of the page, and logs no share id", async () => {
    const { state, renderer } = switchableRenderer(sharedRenderPool([]));
    const logger = createRecordingLogger();
    harness = await startShareHarness({ renderer, logger });
    const { shareId } = await harness.sharedSession("1700000000.000904", finishedTurn("t1"));
    state.answer = "fail";
    const response = await fetch(`${harness.baseUrl}/s/${shareId}`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "internal_error" });
    expect(JSON.stringify(logger.lines)).toContain("worker_exited");
    expect(JSON.stringify(logger.lines)).not.toContain(shareId);
  });

  it("writes the JSON download as JSON.stringify(…, null, 2) would, entries included", async () => {
    harness = await startShareHarness({ logger: silentLogger });
    const { shareId } = await harness.sharedSession("1700000000.000905", finishedTurn("t1"));
    const body = await (await fetch(`${harness.baseUrl}/api/shared/${shareId}/download.json`)).text();
    const parsed = JSON.parse(body) as { entries: Array<{ id: string; kind: string }> };
    expect(parsed.entries.map((entry) => entry.kind)).toEqual([
      "target",
      "prompt",
      "event",
      "event",
      "event",
      "event",
      "outcome",
    ]);
    expect(body).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
  });
});
