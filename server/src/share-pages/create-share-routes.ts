import type { IncomingMessage, ServerResponse } from "node:http";
import {
  describeTarget,
  type Logger,
  type Redactor,
  type ShareService,
  type TranscriptStore,
} from "@baton/core";
import type { HttpRoute } from "../gateway/http-route.js";
import {
  createSharedTranscriptLoader,
  type LoadSharedTranscriptResult,
  SHARE_PAGE_MAX_ENTRIES,
} from "./load-shared-transcript.js";
import { renderEntry } from "./render-entry.js";
import { createMarkdownRenderer } from "./render-markdown.js";
import { renderSharePage } from "./render-share-page.js";
import { renderTranscriptMarkdown } from "./render-transcript-markdown.js";
import {
  sendShareData,
  sendShareJson,
  sendShareNotFoundJson,
  sendShareNotFoundPage,
  sendSharePage,
} from "./share-responses.js";

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;
const MARKDOWN_TYPE = "text/markdown; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

export interface ShareRoutesOptions {
  /** Resolves share ids (`createShareService(...)`); the routes use nothing else of it. */
  shares: Pick<ShareService, "resolve">;
  transcripts: Pick<TranscriptStore, "read" | "latest">;
  /** `createRedactor({ knownSecrets: configuredSecrets(config) })`: applied to everything served. */
  redactor: Redactor;
  logger: Logger;
  now?: () => number;
}

/**
 * The public, read-only, anonymous share routes:
 * - `GET /s/:shareId`: the page (HTML rendered here; follows a running session by polling `updates`)
 * - `GET /api/shared/:shareId/markdown`: the transcript as markdown
 * - `GET /api/shared/:shareId/status`: `{ "isStreaming": boolean }`
 * - `GET /api/shared/:shareId/updates?after=<entry id>`: what a following page appends
 * - `GET /api/shared/:shareId/download.md` and `download.json`: downloads with `X-Content-SHA256`
 * Every answer carries the security headers; every id that opens nothing gets the same 404.
 *
 * @example createGateway({ routes: [...createShareRoutes({ shares, transcripts, redactor, logger }), ...], logger })
 */
export function createShareRoutes({
  shares,
  transcripts,
  redactor,
  logger,
  now = Date.now,
}: ShareRoutesOptions): HttpRoute[] {
  const log = logger.child({ component: "server.share_pages" });
  const loader = createSharedTranscriptLoader({ shares, transcripts, redactor, now });
  const markdown = createMarkdownRenderer();
  const renderEntries = (found: Extract<LoadSharedTranscriptResult, { kind: "found" }>) =>
    found.entries
      .map((entry) => loader.renderOnce(found.share.sessionId, entry, () => renderEntry(entry, markdown)))
      .join("\n");

  const get = (
    path: string,
    handle: (response: ServerResponse, shareId: string, request: IncomingMessage) => Promise<void>,
  ): HttpRoute => ({
    method: "GET",
    path,
    async handle(request, response, params) {
      request.resume();
      try {
        await handle(response, params.shareId ?? "", request);
      } catch (error) {
        // Answered here rather than by the gateway: its log line would carry the path, and the
        // path carries the share id, which is a credential. Logged by route pattern only.
        log.error("server.share_pages.failed", { route: path, error: (error as Error).message });
        if (response.headersSent) response.destroy();
        else sendShareJson(response, 500, { error: "internal_error" });
      }
    },
  });

  const page = get("/s/:shareId", async (response, shareId) => {
    const found = await loader.load(shareId);
    if (found.kind === "not_found") return sendShareNotFoundPage(response);
    const target = [...found.entries].reverse().find((e) => e.entry.kind === "target")?.entry;
    sendSharePage(
      response,
      200,
      renderSharePage({
        shareId,
        share: found.share,
        status: found.status,
        target: target?.kind === "target" ? describeTarget(target.target) : null,
        entriesHtml: renderEntries(found),
        cursor: found.cursor,
        hasMore: found.hasMore,
        withheldBlocks: found.withheldBlocks,
      }),
    );
    log.debug("server.share_pages.page_served", {
      entries: found.entries.length,
      streaming: found.status.isStreaming,
    });
  });

  /**
   * One page of the transcript after `?after=<cursor>`. The cursor is checked before the lookup,
   * so a bad one says nothing about whether the id exists.
   */
  async function loadPage(
    response: ServerResponse,
    shareId: string,
    request: IncomingMessage,
  ): Promise<Extract<LoadSharedTranscriptResult, { kind: "found" }> | null> {
    const after = new URL(request.url ?? "/", "http://share.invalid").searchParams.get("after") ?? "";
    if (after && !STREAM_ID.test(after)) {
      sendShareJson(response, 400, { error: "bad_cursor" });
      return null;
    }
    const found = await loader.load(shareId, {
      ...(after ? { afterId: after } : {}),
      limit: SHARE_PAGE_MAX_ENTRIES,
    });
    if (found.kind !== "not_found") return found;
    sendShareNotFoundJson(response);
    return null;
  }
  const nextOf = (found: Extract<LoadSharedTranscriptResult, { kind: "found" }>) =>
    found.hasMore ? { nextCursor: found.cursor } : {};

  const updates = get("/api/shared/:shareId/updates", async (response, shareId, request) => {
    const found = await loadPage(response, shareId, request);
    if (!found) return;
    sendShareJson(response, 200, {
      html: renderEntries(found),
      cursor: found.cursor,
      isStreaming: found.status.isStreaming,
      hasMore: found.hasMore,
      status: { kind: found.status.kind, label: found.status.label },
      withheldBlocks: found.withheldBlocks,
    });
  });

  const status = get("/api/shared/:shareId/status", async (response, shareId) => {
    const found = await loader.status(shareId);
    if (found.kind === "not_found") return sendShareNotFoundJson(response);
    sendShareJson(response, 200, { isStreaming: found.status.isStreaming });
  });

  const markdownRoute = (path: string, attachmentName?: string) =>
    get(path, async (response, shareId, request) => {
      const found = await loadPage(response, shareId, request);
      if (!found) return;
      const body = renderTranscriptMarkdown(found.entries, found.status);
      sendShareData(response, 200, MARKDOWN_TYPE, body, {
        withDigest: true,
        ...(attachmentName ? { attachmentName } : {}),
        ...nextOf(found),
      });
    });

  const json = get("/api/shared/:shareId/download.json", async (response, shareId, request) => {
    const found = await loadPage(response, shareId, request);
    if (!found) return;
    const body = `${JSON.stringify(
      {
        version: 1,
        status: found.status,
        expiresAt: found.share.expiresAt,
        withheldBlocks: found.withheldBlocks,
        entries: found.entries.map(({ id, entry }) => ({ id, ...entry })),
      },
      null,
      2,
    )}\n`;
    sendShareData(response, 200, JSON_TYPE, body, {
      withDigest: true,
      attachmentName: "baton-session.json",
      ...nextOf(found),
    });
  });

  // Any other path under a share answers like an unknown id, with the same headers.
  const otherPage = get("/s/:shareId/:rest", async (response) => sendShareNotFoundPage(response));
  const otherApi = get("/api/shared/:shareId/:rest", async (response) => sendShareNotFoundJson(response));

  const routes = [
    page,
    updates,
    status,
    markdownRoute("/api/shared/:shareId/markdown"),
    markdownRoute("/api/shared/:shareId/download.md", "baton-session.md"),
    json,
    otherPage,
    otherApi,
  ];
  // Nothing under a share accepts a body; say so with the same headers as every other answer.
  const refusals = routes.map(
    (route): HttpRoute => ({
      method: "POST",
      path: route.path,
      handle(request, response) {
        request.resume();
        sendShareJson(response, 405, { error: "method_not_allowed" });
      },
    }),
  );
  return [...routes, ...refusals];
}
