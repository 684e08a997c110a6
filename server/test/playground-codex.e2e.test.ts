import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { OpenedPull } from "@baton/github";
import { createTestRedis, type TestRedis } from "@baton/testkit/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PlaygroundBaton, startPlaygroundBaton } from "./fixtures/start-playground-baton.js";
import { type PlaygroundPanesWatch, watchPlaygroundPanes } from "./fixtures/watch-playground-panes.js";

// `BATON_BACKEND=codex npm start` with no model server: the real codex CLI in its sandbox, a
// scripted model, the demo repository served by the simulated GitHub's git.
const TURN_WAIT_MS = 40_000;
/** Two turns of the real CLI on a loaded machine. */
const TEST_TIMEOUT_MS = 3 * TURN_WAIT_MS;
// The codex CLI keeps no home under /tmp.
const DATA_ROOT = fileURLToPath(
  new URL("../../node_modules/.cache/baton-playground-codex/", import.meta.url),
);

type PaneOpenedPull = OpenedPull & { comments: Array<{ body: string }> };

const openedPulls = (state: Record<string, unknown>) => (state.opened ?? []) as PaneOpenedPull[];

describe("the playground with BATON_BACKEND=codex and a scripted model", () => {
  let t: PlaygroundBaton;
  let panes: PlaygroundPanesWatch;
  let dataDir: string;
  let redis: TestRedis;
  /** `BATON_BACKEND=codex npm start` (again: the same Redis and data directory). */
  const start = async () => {
    t = await startPlaygroundBaton({
      env: { BATON_BACKEND: "codex", BATON_DATA_DIR: dataDir },
      sharedRedis: redis,
    });
    panes = await watchPlaygroundPanes(t.url);
  };
  beforeAll(async () => {
    mkdirSync(DATA_ROOT, { recursive: true });
    dataDir = mkdtempSync(join(DATA_ROOT, "run-"));
    redis = await createTestRedis("playground-codex");
    await start();
  });
  afterAll(async () => {
    panes?.close();
    await t?.close();
    await redis?.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const act = (platform: string, action: unknown) =>
    fetch(`${t.url}/playground/api/${platform}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(action),
    });

  it("says on the page that the model is scripted", async () => {
    const html = await (await fetch(`${t.url}/playground`)).text();
    expect(html).toMatch(/data-scripted-model>[^<]*scripted model[^<]*acme\/calculator/);
  });

  it(
    "a Slack mention ends with a draft PR holding the fix; a comment on it adds a second commit on the same branch",
    async () => {
      expect((await act("slack", { type: "post", text: "@baton fix the failing test" })).status).toBe(200);
      const pull = await panes.until(
        "github",
        (state) => openedPulls(state).find((opened) => opened.commits.length === 1),
        TURN_WAIT_MS,
      );
      expect(pull).toMatchObject({
        draft: true,
        baseRef: "main",
        headRef: expect.stringMatching(/^baton\//),
      });
      expect(pull.files).toEqual([{ path: "src/sum.js", added: 1, removed: 1 }]);
      expect(pull.patch).toContain("+export const sum = (a, b) => a + b;");
      // The result in the Slack thread links the pull request.
      await panes.until(
        "slack",
        (state) =>
          JSON.stringify(state.messages).includes(`/acme/calculator/pull/${pull.number}`) ? true : undefined,
        TURN_WAIT_MS,
      );

      const comment = { type: "comment", pull: pull.number, body: "@baton also test negative numbers" };
      expect((await act("github", comment)).status).toBe(200);
      const updated = await panes.until(
        "github",
        (state) => openedPulls(state).find((opened) => opened.commits.length === 2),
        TURN_WAIT_MS,
      );
      expect(updated.number).toBe(pull.number);
      expect(updated.headRef).toBe(pull.headRef);
      expect(updated.commits[0]?.sha).toBe(pull.commits[0]?.sha);
      expect(updated.files.map((file) => file.path)).toEqual(
        expect.arrayContaining(["src/sum.js", expect.stringMatching(/^test\/sum-negative-\d+\.test\.js$/)]),
      );
      // Baton answers on the pull request; still one pull request.
      const answered = await panes.until(
        "github",
        (state) =>
          openedPulls(state)[0]?.comments.some((c) => c.body.includes("Added a test of `sum`"))
            ? state
            : undefined,
        TURN_WAIT_MS,
      );
      expect(openedPulls(answered)).toHaveLength(1);
      // The Slack thread where the session started hears, in one line, that its pull request changed.
      await panes.until(
        "slack",
        (state) =>
          JSON.stringify(state.messages).match(/updated[^"]*\/pull\/|\/pull\/[^"]*updated/)
            ? true
            : undefined,
        TURN_WAIT_MS,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it("refuses a comment on a pull request that does not exist", async () => {
    const response = await act("github", { type: "comment", pull: 999, body: "@baton hello" });
    expect(response.status).toBe(404);
  });

  it(
    "after a restart on the same Redis and data directory, the first mention is a new session with its own draft PR",
    async () => {
      panes.close();
      await t.close();
      await start();
      expect((await act("slack", { type: "post", text: "@baton fix the failing test" })).status).toBe(200);
      const pull = await panes.until(
        "github",
        (state) => openedPulls(state).find((opened) => opened.commits.length === 1),
        TURN_WAIT_MS,
      );
      expect(pull).toMatchObject({ number: 1, draft: true });
      expect(pull.patch).toContain("+export const sum = (a, b) => a + b;");
    },
    TEST_TIMEOUT_MS,
  );
});
