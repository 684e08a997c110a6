import { SHARE_PAGE_STYLE } from "./share-page-style.js";

/** The start of every share page up to its `<body>`: not indexed, its own style only. */
export function sharePageHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<style>${SHARE_PAGE_STYLE}</style>
</head>`;
}

/** A share page that only says something (not found, busy): fixed text, no script. */
export function renderNoticePage({
  title,
  heading,
  note,
}: {
  title: string;
  heading: string;
  note: string;
}): string {
  return `${sharePageHead(title)}
<body>
<main>
<h1>${heading}</h1>
<p class="muted">${note}</p>
</main>
</body>
</html>
`;
}
