import { renderNoticePage } from "./render-notice-page.js";

/** How long a viewer is told to wait (`Retry-After`) when every share-render thread is busy. */
export const SHARE_BUSY_RETRY_AFTER_S = 2;

/** The page's answer while share pages are saturated (a 503): it says to reload, and nothing else. */
export const BUSY_PAGE = renderNoticePage({
  title: "Busy",
  heading: "Too many people are reading shared sessions right now",
  note: "Nothing is wrong with this link. Reload the page in a few seconds.",
});
