import MarkdownIt from "markdown-it";

const SAFE_LINK = /^(?:https?:|mailto:)/i;

export type MarkdownRenderer = (markdown: string) => string;

/**
 * Markdown to HTML for transcripts, which are untrusted text. Raw HTML is off (it comes out
 * escaped), links may only be http(s) or mailto, and images are off: the page loads nothing from
 * anywhere but its own origin, and an image from elsewhere would be a request (and a CSP violation).
 */
export function createMarkdownRenderer(): MarkdownRenderer {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.disable("image");
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  const renderToken = md.renderer.renderToken.bind(md.renderer);
  md.renderer.rules.link_open = (tokens, index, options) => {
    // Links leave the page without telling the other site where they came from.
    tokens[index]?.attrSet("rel", "nofollow noopener noreferrer");
    return renderToken(tokens, index, options);
  };
  return (markdown) => md.render(markdown);
}
