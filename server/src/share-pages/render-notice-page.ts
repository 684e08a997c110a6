import { renderHtmlHead } from "../html/render-html-head.js";
import { SHARE_PAGE_STYLE } from "./share-page-style.js";

/** The start of every share page up to its `<body>`: not indexed, its own style only. */
export function sharePageHead(title: string): string {
  return renderHtmlHead({ title, style: SHARE_PAGE_STYLE });
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
