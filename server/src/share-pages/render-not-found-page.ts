import { SHARE_PAGE_STYLE } from "./share-page-style.js";

/**
 * The one answer for every share id that opens nothing: unknown, malformed, revoked and expired
 * all get these same bytes, so a visitor cannot tell which it was.
 */
export const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Not found</title>
<style>${SHARE_PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>This link does not work</h1>
<p class="muted">The session it pointed to is not shared, or is no longer shared.</p>
</main>
</body>
</html>
`;
