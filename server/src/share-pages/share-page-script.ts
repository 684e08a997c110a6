/** How often a page that follows a running session asks for what is new. */
export const SHARE_PAGE_POLL_INTERVAL_MS = 2_000;

/**
 * The share page's only script, inlined and allowed by its hash. It asks the page's own
 * `/api/shared/:id/updates` for entries after the last one shown, appends their server-rendered
 * (and already escaped) HTML, and stops once the session is no longer running or the link stops
 * working. It reads everything it needs from the page itself, so its text never changes.
 */
export const SHARE_PAGE_SCRIPT = `
(() => {
  const body = document.body;
  if (body.dataset.streaming !== "true") return;
  const list = document.getElementById("entries");
  const badge = document.getElementById("status");
  const withheld = document.getElementById("withheld");
  const endpoint = location.pathname.replace(/^\\/s\\//, "/api/shared/") + "/updates";
  const pollMs = Number(body.dataset.pollMs) || 2000;
  let cursor = body.dataset.cursor || "";
  let failures = 0;

  function finish(kind, label) {
    body.dataset.streaming = "false";
    badge.dataset.kind = kind;
    badge.textContent = label;
  }

  async function poll() {
    let update;
    try {
      const response = await fetch(endpoint + (cursor ? "?after=" + encodeURIComponent(cursor) : ""), {
        cache: "no-store",
        credentials: "omit",
      });
      if (response.status === 404) return finish("gone", "This link no longer works");
      if (!response.ok) throw new Error(String(response.status));
      update = await response.json();
      failures = 0;
    } catch {
      failures += 1;
      setTimeout(poll, pollMs * Math.min(2 ** failures, 30));
      return;
    }
    const atBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
    if (update.html) list.insertAdjacentHTML("beforeend", update.html);
    if (update.cursor) cursor = update.cursor;
    body.dataset.cursor = cursor;
    if (update.withheldBlocks > 0) {
      const total = Number(withheld.dataset.count || "0") + update.withheldBlocks;
      withheld.dataset.count = String(total);
      withheld.hidden = false;
      withheld.textContent = withheld.dataset.template.replace("{count}", String(total));
    }
    if (atBottom && update.html) window.scrollTo(0, document.body.scrollHeight);
    if (!update.isStreaming && !update.hasMore) return finish(update.status.kind, update.status.label);
    badge.dataset.kind = update.status.kind;
    badge.textContent = update.status.label;
    setTimeout(poll, update.hasMore ? 0 : pollMs);
  }

  setTimeout(poll, pollMs);
})();
`;
