/** Slack refuses a section whose text is longer than this. */
export const SLACK_SECTION_TEXT_MAX_CHARS = 3_000;

/**
 * Splits text into pieces that each fit one section, cutting at a paragraph, then a line, then a
 * space when it can, so nothing is lost and words stay whole.
 */
export function splitForSections(text: string, maxChars = SLACK_SECTION_TEXT_MAX_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const cut = [window.lastIndexOf("\n\n"), window.lastIndexOf("\n"), window.lastIndexOf(" ")].find(
      (index) => index > maxChars / 2,
    );
    const end = cut ?? maxChars;
    pieces.push(rest.slice(0, end).trimEnd());
    rest = rest.slice(end).trimStart();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}
