import type { TranscriptLine } from "@baton/core";
import { describe, expect, it } from "vitest";
import { createRenderedEntryCache, type RenderMissing } from "./create-rendered-entry-cache.js";
import type { ShareRenderResult } from "./create-share-render-pool.js";
import type { RenderedShareEntry, ShareRenderJob } from "./share-render-job.js";

const line = (id: string): TranscriptLine => ({ id, json: `{"id":"${id}"}` });
const rendered = (id: string, body = `<p>${id}</p>`): RenderedShareEntry => ({
  id,
  body,
  withheldBlocks: 0,
  status: { at: "2024-06-11T10:00:00.000Z", outcome: null },
  target: null,
});

/** A renderer that records its jobs and answers each when the test says. */
function recordingRenderer() {
  const jobs: ShareRenderJob[] = [];
  const answers: Array<(result: ShareRenderResult) => void> = [];
  const render: RenderMissing = (job) => {
    jobs.push(job);
    return new Promise((resolve) => answers.push(resolve));
  };
  const answerAll = () =>
    answers.splice(0).forEach((answer, i) => {
      answer({ kind: "done", value: (jobs[i]?.lines ?? []).map((l) => rendered(l.id)) });
    });
  return { jobs, render, answerAll };
}

const immediate: RenderMissing = async (job) => ({
  kind: "done",
  value: job.lines.map((l) => rendered(l.id)),
});

describe("createRenderedEntryCache", () => {
  it("renders only the entries it has not rendered before, per session and format", async () => {
    const cache = createRenderedEntryCache();
    const jobs: ShareRenderJob[] = [];
    const render: RenderMissing = (job) => {
      jobs.push(job);
      return immediate(job);
    };
    const first = await cache.render("s1", "html", [line("1-0"), line("2-0")], render);
    expect(first).toEqual({ kind: "done", value: [rendered("1-0"), rendered("2-0")] });
    await cache.render("s1", "html", [line("1-0"), line("2-0"), line("3-0")], render);
    // Another format, or another session's entry at the same position, is its own.
    await cache.render("s1", "markdown", [line("1-0")], render);
    await cache.render("s2", "html", [line("1-0")], render);
    expect(jobs.map((job) => [job.format, job.lines.map((l) => l.id)])).toEqual([
      ["html", ["1-0", "2-0"]],
      ["html", ["3-0"]],
      ["markdown", ["1-0"]],
      ["html", ["1-0"]],
    ]);
  });

  it("gives concurrent requests for the same entries one render job", async () => {
    const cache = createRenderedEntryCache();
    const renderer = recordingRenderer();
    const loads = Array.from({ length: 10 }, () =>
      cache.render("s1", "html", [line("1-0"), line("2-0")], renderer.render),
    );
    renderer.answerAll();
    const results = await Promise.all(loads);
    expect(renderer.jobs).toHaveLength(1);
    for (const result of results)
      expect(result).toEqual({ kind: "done", value: [rendered("1-0"), rendered("2-0")] });
  });

  it("answers busy (or failed) for every request that needed the job, and keeps nothing of it", async () => {
    const cache = createRenderedEntryCache();
    const busy: RenderMissing = async () => ({ kind: "busy" });
    const [a, b] = await Promise.all([
      cache.render("s1", "html", [line("1-0")], busy),
      cache.render("s1", "html", [line("1-0")], busy),
    ]);
    expect(a).toEqual({ kind: "busy" });
    expect(b).toEqual({ kind: "busy" });
    const failed: RenderMissing = async () => ({
      kind: "failed",
      reason: "worker_exited",
      message: "exited",
    });
    expect(await cache.render("s1", "html", [line("1-0")], failed)).toMatchObject({ kind: "failed" });
    let asked = 0;
    await cache.render("s1", "html", [line("1-0")], (job) => {
      asked += 1;
      return immediate(job);
    });
    expect(asked).toBe(1);
  });

  it("forgets the least recently used entries past its budget", async () => {
    const cache = createRenderedEntryCache({ maxChars: 30 });
    const asked: string[] = [];
    const render: RenderMissing = async (job) => {
      asked.push(...job.lines.map((l) => l.id));
      return { kind: "done", value: job.lines.map((l) => rendered(l.id, "x".repeat(10))) };
    };
    await cache.render("s1", "json", [line("1-0"), line("2-0"), line("3-0")], render);
    await cache.render("s1", "json", [line("1-0")], render); // used again: now the most recent
    await cache.render("s1", "json", [line("4-0")], render); // over budget: 2-0 goes
    await cache.render("s1", "json", [line("1-0"), line("2-0")], render);
    expect(asked).toEqual(["1-0", "2-0", "3-0", "4-0", "2-0"]);
  });
});
