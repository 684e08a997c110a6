/**
 * The start of each of Baton's own pages up to its `<body>`: UTF-8, mobile width, not indexed,
 * and one inline stylesheet (the pages' CSP allows exactly that style by its hash).
 */
export function renderHtmlHead({ title, style }: { title: string; style: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}</title>
<style>${style}</style>
</head>`;
}
