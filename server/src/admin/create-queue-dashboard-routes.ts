import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpRoute } from "@baton/core";
import { readBody } from "@baton/core";
import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import type { Queue } from "bullmq";
import { createAdminAccess } from "./admin-access.js";
import { renderAdminLoginPage } from "./render-admin-login-page.js";

export const QUEUE_DASHBOARD_PATH = "/admin/queues";
const LOGIN_PATH = `${QUEUE_DASHBOARD_PATH}/login`;
const LOGIN_BODY_MAX_BYTES = 4 * 1024;

/** The admin pages are nobody's business but the operator's, and are never framed or cached. */
const ADMIN_HEADERS = {
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex, nofollow",
  "x-content-type-options": "nosniff",
};

export interface QueueDashboardOptions {
  queues: Queue[];
  /** BATON_ADMIN_TOKEN: a bearer token, or signed in once through the form or `?token=`. */
  token: string;
  /** Share links' base URL: an https one marks the session cookie Secure. */
  publicUrl: string;
}

/**
 * Bull Board over Baton's queues at `/admin/queues`, read-only: Baton keeps each conversation's
 * order in Redis beside the jobs, so removing, retrying or promoting a job by hand could stall or
 * reorder a conversation. Only GET is routed, so the board's action endpoints answer 405.
 */
export function createQueueDashboardRoutes({ queues, token, publicUrl }: QueueDashboardOptions): HttpRoute[] {
  const access = createAdminAccess(token);
  const cookie = access.sessionCookie({
    path: QUEUE_DASHBOARD_PATH,
    // The URL's own reading of its scheme: `HTTPS://` is https too.
    secure: new URL(publicUrl).protocol === "https:",
  });
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: "Baton" } },
  });
  const board = serverAdapter.getRouter() as (request: IncomingMessage, response: ServerResponse) => void;

  const loginPage = (response: ServerResponse, status: number, failed: boolean) =>
    response
      .writeHead(status, {
        ...ADMIN_HEADERS,
        "content-type": "text/html; charset=utf-8",
        "www-authenticate": 'Bearer realm="baton-admin"',
      })
      .end(renderAdminLoginPage({ action: LOGIN_PATH, failed }));
  const signIn = (response: ServerResponse) =>
    response.writeHead(303, { ...ADMIN_HEADERS, "set-cookie": cookie, location: QUEUE_DASHBOARD_PATH }).end();

  return [
    {
      method: "POST",
      path: LOGIN_PATH,
      async handle(request, response) {
        const read = await readBody(request, LOGIN_BODY_MAX_BYTES);
        const given =
          read.kind === "ok" ? new URLSearchParams(read.body.toString("utf8")).get("token") : null;
        if (given !== null && access.isToken(given)) signIn(response);
        else loginPage(response, 401, true);
      },
    },
    {
      method: "GET",
      path: `${QUEUE_DASHBOARD_PATH}/*`,
      handle(request, response, params) {
        const url = new URL(request.url ?? "/", "http://baton.invalid");
        const given = url.searchParams.get("token");
        // A link with the token signs the browser in, then drops the token from the address bar.
        if (given !== null) {
          if (access.isToken(given)) signIn(response);
          else loginPage(response, 401, true);
          return;
        }
        if (!access.isAuthorized(request)) {
          loginPage(response, 401, false);
          return;
        }
        for (const [name, value] of Object.entries(ADMIN_HEADERS)) response.setHeader(name, value);
        // Bull Board's app routes from its own root, as if mounted at the dashboard's path.
        request.url = `/${params["*"] ?? ""}${url.search}`;
        board(request, response);
      },
    },
  ];
}
