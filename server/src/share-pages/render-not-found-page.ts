import { renderNoticePage } from "./render-notice-page.js";

/**
 * The one answer for every share id that opens nothing: unknown, malformed, revoked and expired
 * all get these same bytes, so a visitor cannot tell which it was.
 */
export const NOT_FOUND_PAGE = renderNoticePage({
  title: "Not found",
  heading: "This link does not work",
  note: "The session it pointed to is not shared, or is no longer shared.",
});
