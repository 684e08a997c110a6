import { createRedactor, type NewTranscriptEntry, silentLogger, type TranscriptLine } from "@baton/core";
import { afterAll, describe, expect, it } from "vitest";
import { BOT_MODULES } from "../src/bots/bot-modules.js";
import { platformTitlesOf } from "../src/bots/platform-titles.js";
import { createShareRenderPool } from "../src/share-pages/create-share-render-pool.js";
import { createMarkdownRenderer } from "../src/share-pages/render-markdown.js";
import { renderShareEntries } from "../src/share-pages/render-share-entries.js";
import type { ShareFormat } from "../src/share-pages/share-render-job.js";
import { finishedTurn } from "./fixtures/share-harness.js";

// Built at run time, so that no credential-shaped literal sits in the source.
const GITHUB_TOKEN = ["gh", "p_", "Zq7Lm2Xv8Rt5Yw1Nb6Hc4Jd7Fg0Pk3Sa9Tu2"].join("");
const KNOWN_SECRET = "slack-signing-secret-0f9e8d7c6b5a";
const RANDOM_TOKEN = ["Hq3", "Vn8Wz2Kc5Tm9Rb4", "Xs7Pd1Lf6Gj0Ny3"].join("");
const AT = "2024-06-11T10:00:00.000Z";

/** Entries as the transcript store keeps them: stream id and JSON. */
const lines: TranscriptLine[] = [
  ...finishedTurn("t1", `Use ${GITHUB_TOKEN} and ${KNOWN_SECRET} please`),
  {
    kind: "event",
    turnId: "t1",
    event: {
      type: "tool",
      name: "shell",
      input: "env",
      output: `X=${RANDOM_TOKEN}\n\nand <script>x</script>`,
    },
  } satisfies NewTranscriptEntry,
].map((entry, i) => ({ id: `${i + 1}-0`, json: JSON.stringify({ ...entry, at: AT }) }));

describe("the share-render pool", () => {
  const pool = createShareRenderPool({ knownSecrets: [KNOWN_SECRET], threads: 2, logger: silentLogger });
  afterAll(() => pool.close());
  const inProcess = {
    redactor: createRedactor({ knownSecrets: [KNOWN_SECRET] }),
    markdown: createMarkdownRenderer(),
    platformTitles: platformTitlesOf(BOT_MODULES),
  };

  it("renders in its threads exactly what the same code renders in process, in every format", async () => {
    for (const format of ["html", "markdown", "json"] satisfies ShareFormat[]) {
      const job = { format, lines };
      const result = await pool.render(job);
      expect(result).toEqual({ kind: "done", value: renderShareEntries(job, inProcess) });
    }
  });

  it("redacts before rendering: no secret in any format, and the withheld block is counted", async () => {
    for (const format of ["html", "markdown", "json"] satisfies ShareFormat[]) {
      const result = await pool.render({ format, lines });
      if (result.kind !== "done") throw new Error(`the pool answered ${result.kind}`);
      const bodies = result.value.map((entry) => entry.body).join("\n");
      for (const secret of [GITHUB_TOKEN, KNOWN_SECRET, RANDOM_TOKEN]) expect(bodies).not.toContain(secret);
      expect(bodies).toContain("[REDACTED:github-token]");
      expect(result.value.reduce((sum, entry) => sum + entry.withheldBlocks, 0)).toBe(1);
    }
  });

  it("fails the job of an entry that is not a transcript entry, and goes on serving", async () => {
    const result = await pool.render({ format: "html", lines: [{ id: "9-0", json: '{"kind":"nonsense"}' }] });
    expect(result).toMatchObject({ kind: "failed", reason: "job_failed" });
    expect(await pool.render({ format: "markdown", lines: lines.slice(0, 1) })).toMatchObject({
      kind: "done",
    });
  });
});
