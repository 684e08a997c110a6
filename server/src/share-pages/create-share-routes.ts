import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpRoute } from "@baton/core";
import {
  errorMessage,
  isTranscriptEntryId,
  type Logger,
  type ShareService,
  type TranscriptStore,
} from "@baton/core";
import { createShareLoadAnswerer, type FoundSharePage } from "./answer-share-load.js";
import type { ShareRenderer } from "./create-share-render-pool.js";
import { createSharedTranscriptLoader, SHARE_PAGE_MAX_ENTRIES } from "./load-shared-transcript.js";
import { renderJsonDownload } from "./render-json-download.js";
import { renderSharePage } from "./render-share-page.js";
import { renderTranscriptMarkdown } from "./render-transcript-markdown.js";
import type { ShareFormat } from "./share-render-job.js";
import {
  sendShareData,
  sendShareJson,
  sendShareNotFoundJson,
  sendShareNotFoundPage,
  sendSharePage,
} from "./share-responses.js";

const MARKDOWN_TYPE = "text/markdown; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

export interface ShareRoutesOptions {
  /** Resolves share ids (`createShareService(...)`); the routes use nothing else of it. */
  shares: Pick<ShareService, "resolve">;
  transcripts: Pick<TranscriptStore, "readLines" | "latest">;
  /**
   * `createShareRenderPool({ knownSecrets: configuredSecrets(config), logger })`: redacts and
   * renders everything served, in worker threads.
   */
  renderer: Pick<ShareRenderer, "render">;
  /** The rendered-entry cache's budget, in characters (`SHARE_CACHE_MAX_CHARS_DEFAULT`). */
  cacheMaxChars?: number;
  logger: Logger;
  now?: () => number;
}

/**
 * The public, read-only, anonymous share routes:
 * - `GET /s/:shareId`: the page (entries rendered in share-render threads; follows a running session by polling `updates`)
 * - `GET /api/shared/:shareId/markdown`: the transcript as markdown
 * - `GET /api/shared/:shareId/status`: `{ "isStreaming": boolean }`
 * - `GET /api/shared/:shareId/updates?after=<entry id>`: what a following page appends
 * - `GET /api/shared/:shareId/download.md` and `download.json`: downloads with `X-Content-SHA256`
 * Every answer carries the security headers; every id that opens nothing gets the same 404.
 * While every share-render thread is busy and its queue full, a transcript answer is a 503 with
 * `Retry-After` (the page's script backs off and asks again).
 *
 * @example createGateway({ routes: [...createShareRoutes({ shares, transcripts, renderer, logger }), ...], logger })
 */
export function createShareRoutes({
  shares,
  transcripts,
  renderer,
  cacheMaxChars,
  logger,
  now = Date.now,
}: ShareRoutesOptions): HttpRoute[] {
  const log = logger.child({ component: "server.share_pages" });
  const loader = createSharedTranscriptLoader({
    shares,
    transcripts,
    renderer,
    now,
    ...(cacheMaxChars === undefined ? {} : { cacheMaxChars }),
  });
  const foundOrAnswer = createShareLoadAnswerer(log);
  const joinHtml = (found: FoundSharePage) => found.entries.map((entry) => entry.body).join("\n");

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
        log.error("server.share_pages.failed", { route: path, error: errorMessage(error) });
        if (response.headersSent) response.destroy();
        else sendShareJson(response, 500, { error: "internal_error" });
      }
    },
  });

  const page = get("/s/:shareId", async (response, shareId) => {
    const found = foundOrAnswer(response, await loader.load(shareId, { format: "html" }), true);
    if (!found) return;
    sendSharePage(
      response,
      200,
      renderSharePage({
        shareId,
        share: found.share,
        status: found.status,
        target: found.entries.findLast((entry) => entry.target !== null)?.target ?? null,
        entriesHtml: joinHtml(found),
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
    format: ShareFormat,
  ): Promise<FoundSharePage | null> {
    const after = new URL(request.url ?? "/", "http://share.invalid").searchParams.get("after") ?? "";
    if (after && !isTranscriptEntryId(after)) {
      sendShareJson(response, 400, { error: "bad_cursor" });
      return null;
    }
    const result = await loader.load(shareId, {
      format,
      ...(after ? { afterId: after } : {}),
      limit: SHARE_PAGE_MAX_ENTRIES,
    });
    return foundOrAnswer(response, result, false);
  }
  const nextOf = (found: FoundSharePage) => (found.hasMore ? { nextCursor: found.cursor } : {});

  const updates = get("/api/shared/:shareId/updates", async (response, shareId, request) => {
    const found = await loadPage(response, shareId, request, "html");
    if (!found) return;
    sendShareJson(response, 200, {
      html: joinHtml(found),
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
      const found = await loadPage(response, shareId, request, "markdown");
      if (!found) return;
      const body = renderTranscriptMarkdown(found.entries, found.status);
      sendShareData(response, 200, MARKDOWN_TYPE, body, {
        withDigest: true,
        ...(attachmentName ? { attachmentName } : {}),
        ...nextOf(found),
      });
    });

  const json = get("/api/shared/:shareId/download.json", async (response, shareId, request) => {
    const found = await loadPage(response, shareId, request, "json");
    if (!found) return;
    const body = renderJsonDownload(found);
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
