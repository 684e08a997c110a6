import { splitRequestText } from "./split-request-text.js";

/**
 * The words routing rules read: the requester's own, and the item's subject when the platform names
 * one (an issue's title: "please take this" says nothing), read as the request's own words.
 */
export function ruleText(
  own: string,
  context: Readonly<Record<string, string>>,
  subjectKey: string | undefined,
): string {
  const subject = subjectKey === undefined ? undefined : context[subjectKey];
  return subject ? `${own}\n${splitRequestText(subject).own}` : own;
}
