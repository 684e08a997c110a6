import type { ShareSummary } from "@baton/core";
import { escapeHtml } from "./escape-html.js";
import { sharePageHead } from "./render-notice-page.js";
import { SHARE_PAGE_POLL_INTERVAL_MS, SHARE_PAGE_SCRIPT } from "./share-page-script.js";
import type { SharedStatus } from "./shared-status.js";

export interface SharePageInput {
  shareId: string;
  share: ShareSummary;
  status: SharedStatus;
  /** Description of the session's target, when the transcript names one. */
  target: string | null;
  /** The entries, rendered and concatenated. */
  entriesHtml: string;
  /** The id of the last entry shown: where following picks up. */
  cursor: string;
  /** More entries follow this page: the page's script fetches them as it follows a running session. */
  hasMore?: boolean;
  withheldBlocks: number;
}

const WITHHELD_TEMPLATE =
  "{count} block(s) of this transcript were withheld because they still looked like secrets after redaction.";

/** The read-only page of a shared session, complete; the only live part is `SHARE_PAGE_SCRIPT`. */
export function renderSharePage(input: SharePageInput): string {
  const { shareId, share, status, target, entriesHtml, cursor, withheldBlocks, hasMore = false } = input;
  const api = `/api/shared/${encodeURIComponent(shareId)}`;
  const expiry = share.expiresAt
    ? `Link expires <time datetime="${escapeHtml(share.expiresAt)}">${escapeHtml(formatDate(share.expiresAt))}</time>`
    : "Link does not expire";
  return `${sharePageHead("Baton session (read-only)")}
<body data-streaming="${status.isStreaming || hasMore}" data-cursor="${escapeHtml(cursor)}" data-poll-ms="${SHARE_PAGE_POLL_INTERVAL_MS}">
<header>
<h1>Baton session</h1>
<div class="meta">
<span id="status" class="badge" data-kind="${status.kind}">${escapeHtml(status.label)}</span>
${target ? `<span>Target: <code>${escapeHtml(target)}</code></span>` : ""}
<span class="muted">${expiry}</span>
<span>Download: <a href="${api}/download.md">Markdown</a> · <a href="${api}/download.json">JSON</a></span>
</div>
<p id="withheld" class="notice" data-count="${withheldBlocks}" data-template="${escapeHtml(WITHHELD_TEMPLATE)}"${
    withheldBlocks > 0 ? "" : " hidden"
  }>${escapeHtml(WITHHELD_TEMPLATE.replace("{count}", String(withheldBlocks)))}</p>
</header>
<main id="entries">
${entriesHtml}
</main>
<footer class="muted">A read-only view shared from Baton. Secrets are redacted before anything is shown here; anyone with this link can read it.</footer>
<script>${SHARE_PAGE_SCRIPT}</script>
</body>
</html>
`;
}

function formatDate(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}
