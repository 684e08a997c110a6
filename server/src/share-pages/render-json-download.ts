import type { FoundSharePage } from "./answer-share-load.js";

/**
 * The JSON download of a page: the document `JSON.stringify(…, null, 2)` would write, with the
 * entries' JSON (rendered and indented by the share-render threads) in place of `"entries": []`.
 */
export function renderJsonDownload(found: FoundSharePage): string {
  const head = JSON.stringify(
    {
      version: 1,
      status: found.status,
      expiresAt: found.share.expiresAt,
      withheldBlocks: found.withheldBlocks,
      entries: [],
    },
    null,
    2,
  );
  const entries = found.entries.length
    ? `[\n${found.entries.map((entry) => entry.body).join(",\n")}\n  ]`
    : "[]";
  return `${head.slice(0, -"[]\n}".length)}${entries}\n}\n`;
}
