import { createHash } from "node:crypto";
import { createRecordingLogger } from "@baton/testkit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHARE_PAGE_SCRIPT } from "../src/share-pages/share-page-script.js";
import { finishedTurn, type ShareHarness, startShareHarness } from "./fixtures/share-harness.js";

const DAY_MS = 24 * 60 * 60_000;
// Built at run time, so that no credential-shaped literal sits in the source.
const GITHUB_TOKEN = ["gh", "p_", "Zq7Lm2Xv8Rt5Yw1Nb6Hc4Jd7Fg0Pk3Sa9Tu2"].join("");
const KNOWN_SECRET = "slack-signing-secret-0f9e8d7c6b5a";
const RANDOM_TOKEN = ["Hq3", "Vn8Wz2Kc5Tm9Rb4", "Xs7Pd1Lf6Gj0Ny3"].join("");

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
};

/** Headers that vary by connection or time, not by what was asked. */
const VOLATILE_HEADERS = new Set(["date", "connection", "keep-alive"]);

interface UpdatesAnswer {
  html: string;
  cursor: string;
  isStreaming: boolean;
  hasMore: boolean;
  status: { kind: string; label: string };
  withheldBlocks: number;
}

const updatesOf = async (response: Response) => (await response.json()) as UpdatesAnswer;

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !VOLATILE_HEADERS.has(name)));
}

function expectSecurityHeaders(response: Response): void {
  expect(headersOf(response)).toMatchObject(SECURITY_HEADERS);
  const csp = response.headers.get("content-security-policy") ?? "";
  expect(csp.startsWith("default-src 'none'")).toBe(true);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'|data:/);
}

const ROUTES = (id: string) => [
  `/s/${id}`,
  `/api/shared/${id}/markdown`,
  `/api/shared/${id}/status`,
  `/api/shared/${id}/updates`,
  `/api/shared/${id}/download.md`,
  `/api/shared/${id}/download.json`,
];

describe("share routes", () => {
  let harness: ShareHarness;
  beforeEach(async () => {
    harness = await startShareHarness({ knownSecrets: [KNOWN_SECRET] });
  });
  afterEach(() => harness.close());

  const get = (path: string) => fetch(`${harness.baseUrl}${path}`);

  it("serves a finished session as a page: prompts with who sent them, messages, folded tools, artifacts, outcome", async () => {
    const { shareId } = await harness.sharedSession("1700000000.000100", finishedTurn("t1"));
    const response = await get(`/s/${shareId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expectSecurityHeaders(response);
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain("<strong>Ada</strong>");
    expect(html).not.toContain("ada@example.com");
    expect(html).toContain("Why does checkout fail?");
    expect(html).toContain("The <strong>total</strong> is computed twice in <code>src/cart.ts</code>.");
    expect(html).toMatch(/<details class="entry tool"[^>]*><summary>Tool <code>search<\/code><\/summary>/);
    expect(html).toContain(
      '<a href="https://github.com/acme/web/pull/7" rel="nofollow noopener noreferrer">Fix total</a>',
    );
    expect(html).toContain("Opened a pull request that fixes the total.");
    expect(html).toContain("Target: <code>acme/web</code>");
    expect(html).toContain('data-streaming="false"');
    expect(html).toContain(`href="/api/shared/${shareId}/download.md"`);
  });

  it("answers status with isStreaming, true while the last entry is not an outcome", async () => {
    const { session, shareId } = await harness.sharedSession(
      "1700000000.000200",
      finishedTurn("t1").slice(0, 3),
    );
    const running = await get(`/api/shared/${shareId}/status`);
    expectSecurityHeaders(running);
    expect(running.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await running.json()).toEqual({ isStreaming: true });
    await harness.transcripts.append(session.id, {
      kind: "outcome",
      turnId: "t1",
      status: "completed",
      summary: "Done.",
    });
    expect(await (await get(`/api/shared/${shareId}/status`)).json()).toEqual({ isStreaming: false });
  });

  it("serves the transcript as markdown, and as markdown and JSON downloads with their SHA-256", async () => {
    const { shareId } = await harness.sharedSession("1700000000.000300", finishedTurn("t1"));
    const markdown = await get(`/api/shared/${shareId}/markdown`);
    expectSecurityHeaders(markdown);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const text = await markdown.text();
    expect(text).toContain("## Ada (slack,");
    expect(text).toContain("```text\ngrep -rn total src/\n```");
    expect(markdown.headers.get("x-content-sha256")).toBe(createHash("sha256").update(text).digest("hex"));
    expect(markdown.headers.get("content-disposition")).toBeNull();

    const md = await get(`/api/shared/${shareId}/download.md`);
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="baton-session.md"');
    const mdBody = Buffer.from(await md.arrayBuffer());
    expect(md.headers.get("x-content-sha256")).toBe(createHash("sha256").update(mdBody).digest("hex"));

    const json = await get(`/api/shared/${shareId}/download.json`);
    expectSecurityHeaders(json);
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="baton-session.json"');
    const jsonBody = Buffer.from(await json.arrayBuffer());
    expect(json.headers.get("x-content-sha256")).toBe(createHash("sha256").update(jsonBody).digest("hex"));
    const parsed = JSON.parse(jsonBody.toString("utf8"));
    expect(parsed).toMatchObject({ version: 1, status: { isStreaming: false, kind: "completed" } });
    expect(parsed.entries).toHaveLength(7);
    expect(parsed.entries[1]).toMatchObject({ kind: "prompt", actor: { name: "Ada" } });
    expect(parsed.entries[1].actor.email).toBeUndefined();
  });

  it("answers unknown, malformed, revoked and expired ids with the same 404, on every route", async () => {
    const revoked = await harness.sharedSession("1700000000.000400", finishedTurn("t1"));
    await harness.shares.unshareSession(revoked.session.id);
    const expired = await harness.sharedSession("1700000000.000500", finishedTurn("t1"));
    const live = await harness.sharedSession("1700000000.000600", finishedTurn("t1"));
    harness.clock.now += 7 * DAY_MS + 1;
    // The live share was made after the clock moved on; the expired one before.
    await harness.shares.revoke(live.session.id);
    const fresh = await harness.shares.shareSession(live.session.id);
    if (fresh.kind !== "shared") throw new Error("not shared");

    const ids = {
      unknown: "A".repeat(32),
      malformed: "not-a-share-id",
      revoked: revoked.shareId,
      expired: expired.shareId,
      hash: createHash("sha256").update(revoked.shareId).digest("hex"),
    };
    for (const index of ROUTES("x").keys()) {
      const answers = await Promise.all(
        Object.values(ids).map(async (id) => {
          const response = await get(ROUTES(id)[index] ?? "");
          return { status: response.status, headers: headersOf(response), body: await response.text() };
        }),
      );
      for (const answer of answers) {
        expect(answer).toEqual(answers[0]);
        expect(answer.status).toBe(404);
        expect(answer.headers).toMatchObject(SECURITY_HEADERS);
      }
    }
    expect((await get(`/s/${fresh.url.split("/s/")[1]}`)).status).toBe(200);
  });

  it("puts the security headers on paths under a share that do not exist, and on refused methods", async () => {
    for (const path of ["/s/abc/extra", "/api/shared/abc/other"]) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expectSecurityHeaders(response);
    }
    const { shareId } = await harness.sharedSession("1700000000.000150", finishedTurn("t1"));
    for (const path of ROUTES(shareId)) {
      const response = await fetch(`${harness.baseUrl}${path}`, { method: "POST", body: "x" });
      expect(response.status).toBe(405);
      expectSecurityHeaders(response);
    }
  });

  it("answers a failure with the security headers, and logs no share id", async () => {
    const logger = createRecordingLogger();
    const failing = await startShareHarness({ failTranscripts: true, logger });
    try {
      const { shareId } = await failing.sharedSession("1700000000.000160", finishedTurn("t1"));
      const response = await fetch(`${failing.baseUrl}/s/${shareId}`);
      expect(response.status).toBe(500);
      expectSecurityHeaders(response);
      expect(logger.lines.map((line) => line.event)).toContain("server.share_pages.failed");
      expect(JSON.stringify(logger.lines)).not.toContain(shareId);
    } finally {
      await failing.close();
    }
  });

  it("renders XSS attempts in a transcript inert", async () => {
    const attacks = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "[click](javascript:alert(3))",
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==)",
      "![tracker](https://evil.example/pixel.png)",
      '<a href="https://evil.example" onclick="alert(5)">x</a>',
      "<iframe src=https://evil.example></iframe>",
      "<svg/onload=alert(6)>",
      '"><script>alert(7)</script>',
      "<style>body{display:none}</style>",
    ].join("\n\n");
    const { shareId } = await harness.sharedSession("1700000000.000700", [
      {
        kind: "prompt",
        turnId: "t1",
        actor: { platform: "slack", id: "U1", name: '<img src=x onerror="alert(8)">' },
        text: attacks,
      },
      { kind: "event", turnId: "t1", event: { type: "message", text: attacks } },
      {
        kind: "event",
        turnId: "t1",
        event: { type: "tool", name: '"><script>alert(9)</script>', input: attacks },
      },
      {
        kind: "event",
        turnId: "t1",
        event: {
          type: "artifact",
          artifact: { kind: "link", url: "javascript:alert(10)", title: "<b>x</b>" },
        },
      },
      { kind: "outcome", turnId: "t1", status: "completed", summary: attacks },
    ]);
    const html = await (await get(`/s/${shareId}`)).text();
    const scripts = [...html.matchAll(/<script[\s>][\s\S]*?<\/script>/gi)].map((m) => m[0]);
    expect(scripts).toEqual([`<script>${SHARE_PAGE_SCRIPT}</script>`]);
    expect(html).not.toMatch(/<(img|iframe|svg|a\s[^>]*onclick|b>)/i);
    // Attribute-like text survives only escaped, outside any tag.
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    const updates = await updatesOf(await get(`/api/shared/${shareId}/updates`));
    expect(updates.html).not.toMatch(/<script|<img|<[a-z][^>]*\son[a-z]+=/i);
  });

  it("redacts secrets in every form a transcript leaves in, and says when a block was withheld", async () => {
    const { shareId } = await harness.sharedSession("1700000000.000800", [
      ...finishedTurn("t1", `Use ${GITHUB_TOKEN} and ${KNOWN_SECRET} please`).slice(0, 2),
      {
        kind: "event",
        turnId: "t1",
        event: { type: "tool", name: "shell", input: "env", output: `X=${RANDOM_TOKEN}` },
      },
      { kind: "outcome", turnId: "t1", status: "completed", summary: `Done with ${GITHUB_TOKEN}.` },
    ]);
    const html = await (await get(`/s/${shareId}`)).text();
    const markdown = await (await get(`/api/shared/${shareId}/markdown`)).text();
    const json = await (await get(`/api/shared/${shareId}/download.json`)).text();
    const updates = await (await get(`/api/shared/${shareId}/updates`)).text();
    for (const body of [html, markdown, json, updates]) {
      expect(body).not.toContain(GITHUB_TOKEN);
      expect(body).not.toContain(KNOWN_SECRET);
      expect(body).not.toContain(RANDOM_TOKEN);
      expect(body).toContain("[REDACTED:github-token]");
    }
    expect(html).toContain("1 block(s) of this transcript were withheld");
    expect(html).not.toMatch(/id="withheld"[^>]*hidden/);
    expect(JSON.parse(json).withheldBlocks).toBe(1);
  });

  it("hands a following page only what came after its cursor, and the status with it", async () => {
    const { session, shareId } = await harness.sharedSession(
      "1700000000.000900",
      finishedTurn("t1").slice(0, 2),
    );
    const first = await updatesOf(await get(`/api/shared/${shareId}/updates`));
    expect(first).toMatchObject({ isStreaming: true, hasMore: false, status: { kind: "running" } });
    expect(first.html).toContain("Why does checkout fail?");

    const none = await updatesOf(await get(`/api/shared/${shareId}/updates?after=${first.cursor}`));
    expect(none).toMatchObject({ html: "", cursor: first.cursor, isStreaming: true, hasMore: false });

    await harness.transcripts.append(session.id, {
      kind: "event",
      turnId: "t1",
      event: { type: "message", text: "Found it." },
    });
    await harness.transcripts.append(session.id, {
      kind: "outcome",
      turnId: "t1",
      status: "failed",
      summary: "Gave up.",
    });
    const last = await updatesOf(await get(`/api/shared/${shareId}/updates?after=${first.cursor}`));
    expect(last.html).toContain("Found it.");
    expect(last.html).toContain("Gave up.");
    expect(last.html).not.toContain("Why does checkout fail?");
    expect(last).toMatchObject({
      isStreaming: false,
      hasMore: false,
      status: { kind: "failed", label: "Failed" },
    });

    const bad = await get(`/api/shared/${shareId}/updates?after=${encodeURIComponent("0-0) OR 1")}`);
    expect(bad.status).toBe(400);
    expectSecurityHeaders(bad);
  });
});
