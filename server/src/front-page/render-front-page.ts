import type { Platform } from "@baton/core";
import { BOT_MODULES } from "../bots/bot-modules.js";
import { listPlatformTitles } from "../bots/platform-titles.js";
import { renderHtmlHead } from "../html/render-html-head.js";
import { escapeHtml } from "../share-pages/escape-html.js";
import { FRONT_PAGE_STYLE } from "./front-page-style.js";

/** The repository's docs, by path: Baton knows no public URL of the repository it runs from. */
export const FRONT_PAGE_DOCS: ReadonlyArray<{ path: string; about: string }> = [
  { path: "README.md", about: "quick start, configuration, a tour" },
  { path: "docs/architecture.md", about: "how a request travels, Redis keys, delivery guarantees" },
  { path: "docs/configuration.md", about: "every environment variable" },
  // Each platform's own guide, from its module.
  ...BOT_MODULES.flatMap((module) => (module.guide ? [module.guide] : [])),
  { path: "docs/classifier.md", about: "how Baton picks the codebase" },
  { path: "docs/operations.md", about: "deploying, Redis settings, scaling, metrics" },
  { path: "docs/security.md", about: "who may do what, share links, keys" },
  { path: "docs/backends.md", about: "agent backends" },
  { path: "docs/cli.md", about: "the baton command" },
  { path: "docs/adding-a-bot.md", about: "adding a platform" },
];

export type FrontPagePlatform =
  | { platform: Platform; on: true; endpoints: Array<{ method: string; url: string }> }
  | { platform: Platform; on: false; variables: readonly string[]; hint: string };

/** Queue figures, shown only to whoever sends BATON_ADMIN_TOKEN. */
export interface FrontPageQueue {
  /** BullMQ job states of the turns queue → how many jobs are in each. */
  turns: Record<string, number>;
  /** Accepted deliveries the dispatcher has not queued yet. */
  intakeBacklog: number;
}

export interface FrontPageModel {
  publicUrl: string;
  backend: string;
  redisReady: boolean;
  platforms: FrontPagePlatform[];
  /** The playground's path when this gateway serves one. */
  playgroundPath: string | null;
  /** Null without the admin token. */
  queue: FrontPageQueue | null;
  /** Platforms answering Baton with 429 now, and until when (ms since the epoch). */
  rateLimited?: ReadonlyArray<{ platform: string; untilMs: number; budget: string }>;
}

/** Baton's front page: what it is, which platforms are on, where each platform must point, the docs. */
export function renderFrontPage(model: FrontPageModel): string {
  return `${renderHtmlHead({ title: "Baton", style: FRONT_PAGE_STYLE })}
<body>
<main>
<h1>Baton</h1>
<p>Baton hands work to a background coding agent from ${escapeHtml(listPlatformTitles(BOT_MODULES))}: it verifies and
queues each request, picks the codebase it is about, runs it on an agent backend and answers in
the same thread with the result and a read-only link to the session's transcript.</p>
${renderPlayground(model.playgroundPath)}
<h2>Status</h2>
<table>
<tr><th>Redis</th><td>${model.redisReady ? '<span class="ok">ready</span>' : '<span class="bad">unreachable</span>'}</td></tr>
<tr><th>Agent backend</th><td><code>${escapeHtml(model.backend)}</code></td></tr>
<tr><th>Public URL</th><td><code>${escapeHtml(model.publicUrl)}</code></td></tr>
${renderRateLimited(model.rateLimited ?? [])}
${renderQueue(model.queue)}
</table>
<h2>Platforms</h2>
${model.platforms.map(renderPlatform).join("\n")}
<h2>Documentation</h2>
<p class="muted">In the repository Baton runs from:</p>
<ul>
${FRONT_PAGE_DOCS.map((doc) => `<li><code>${escapeHtml(doc.path)}</code>: ${escapeHtml(doc.about)}</li>`).join("\n")}
</ul>
<p class="muted"><code>npx baton doctor</code> checks this configuration and says how to fix what is wrong.</p>
</main>
</body>
</html>
`;
}

function renderPlayground(path: string | null): string {
  if (path === null) return "";
  return `<p>Try it without a platform: <a href="${escapeHtml(path)}">the playground</a>.</p>`;
}

function renderQueue(queue: FrontPageQueue | null): string {
  if (queue === null)
    return '<tr><th>Queue</th><td class="muted">counts are shown with the admin token (<code>Authorization: Bearer $BATON_ADMIN_TOKEN</code>)</td></tr>';
  const turns = Object.entries(queue.turns)
    .map(([state, count]) => `${escapeHtml(state)} ${count}`)
    .join(", ");
  return `<tr><th>Turns</th><td>${turns}</td></tr>
<tr><th>Intake backlog</th><td>${queue.intakeBacklog}</td></tr>`;
}

function renderPlatform(entry: FrontPagePlatform): string {
  const name = escapeHtml(entry.platform);
  if (!entry.on)
    return `<p><strong>${name}</strong>: <span class="muted">off</span>. Set ${entry.variables
      .map((variable) => `<code>${escapeHtml(variable)}</code>`)
      .join(", ")} to turn it on. <span class="muted">${escapeHtml(entry.hint)}</span></p>`;
  const endpoints = entry.endpoints
    .map((endpoint) => `<li><code>${escapeHtml(endpoint.method)} ${escapeHtml(endpoint.url)}</code></li>`)
    .join("\n");
  return `<p><strong>${name}</strong>: <span class="ok">on</span>. Point ${name} at:</p>
<ul>
${endpoints}
</ul>`;
}

/** A platform that answered 429: Baton holds that budget until its Retry-After, on every worker. */
function renderRateLimited(limited: NonNullable<FrontPageModel["rateLimited"]>): string {
  return limited
    .map(
      ({ platform, untilMs, budget }) =>
        `<tr><th>${escapeHtml(platform)}</th><td><span class="bad">rate-limiting Baton</span> (${escapeHtml(budget)}) until ${escapeHtml(new Date(untilMs).toISOString())}: progress waits, results go first</td></tr>`,
    )
    .join("\n");
}
