import type { Platform } from "@baton/core";
import { escapeHtml } from "../share-pages/escape-html.js";

export interface PageInfo {
  panes: Array<{ platform: Platform; title: string; mode: "simulated" | "live" }>;
  /** A line the page shows above the panes (e.g. that the coding agent's model is scripted). */
  notice?: string;
}

/** The page's HTML: the bar that says which panes are simulated and which live, and an empty slot per pane. */
export function renderPlaygroundPage({ panes, notice }: PageInfo): string {
  const badges = panes
    .map((pane) => `${escapeHtml(pane.title)}<span class="badge ${pane.mode}">${pane.mode}</span>`)
    .join(" · ");
  const slots = panes
    .map(
      (pane) =>
        `<section class="pane" data-pane="${pane.platform}" data-mode="${pane.mode}" aria-label="${escapeHtml(pane.title)}">` +
        `<h2>${escapeHtml(pane.title)}<span class="badge ${pane.mode}">${pane.mode}</span></h2><div class="pane-body"></div></section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baton playground</title>
<link rel="icon" href="/playground/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/playground/playground.css">
<script src="/playground/playground.js" defer></script>
</head>
<body data-connected="false">
<header class="top"><h1>Baton playground</h1><p>${badges}</p>
<p>What you do here reaches Baton as a signed webhook; its answers come back through the platform's API.</p>
${notice ? `<p class="notice" data-scripted-model>${escapeHtml(notice)}</p>` : ""}</header>
<div id="problem" role="alert" hidden></div>
<main class="panes">
${slots}
</main>
</body>
</html>
`;
}
