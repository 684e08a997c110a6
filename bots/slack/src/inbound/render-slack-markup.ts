// Slack writes every reference in angle brackets and escapes `&`, `<` and `>` in the rest, so a
// `<…>` in a message is always markup.
const MARKUP = /<([^<>]*)>/g;
const ENTITY = /&(amp|lt|gt);/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">" };
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A Slack message's markup as the plain text a person reads in Slack, so what leaves the bot means
 * the same to the classifier, the agent and the share page as it did to the person who wrote it:
 * a channel link becomes `#name`, a mention `@name`, a link `label (url)`.
 *
 * A name Slack did not put in the markup stays an id (`#C123`, `@U123`): an agent with Slack
 * tools can still look it up, and nothing is made up.
 *
 * @example
 * renderSlackMarkup("from <#C1|eng> <@U2>: see <https://x.test/a|the runbook> &amp; retry");
 * // "from #eng @U2: see the runbook (https://x.test/a) & retry"
 */
export function renderSlackMarkup(text: string): string {
  return text
    .replace(MARKUP, (markup, inner: string) => renderReference(inner) ?? markup)
    .replace(ENTITY, (_entity, name: string) => ENTITIES[name] ?? "");
}

function renderReference(inner: string): string | undefined {
  const bar = inner.indexOf("|");
  const target = bar < 0 ? inner : inner.slice(0, bar);
  const label = bar < 0 ? "" : inner.slice(bar + 1).trim();
  if (target.startsWith("#")) return `#${label || target.slice(1)}`;
  if (target.startsWith("@")) return `@${label.replace(/^@/, "") || target.slice(1)}`;
  if (target.startsWith("!")) return renderSpecial(target.slice(1), label);
  if (URL_SCHEME.test(target)) return renderLink(target, label);
  return undefined;
}

// `<!here>`, `<!channel>`, `<!subteam^S1|@oncall>`, `<!date^1700000000^{date}|Nov 14>`: the label is
// what Slack shows; without one, a broadcast reads as the `@here` people typed, a group as its id.
function renderSpecial(command: string, label: string): string {
  if (label) return label;
  const [name = "", id] = command.split("^");
  if (name === "date") return "";
  return `@${name === "subteam" && id ? id : name}`;
}

// Slack links what people typed as it is (`<https://x.test|x.test>`, `<mailto:a@b.test|a@b.test>`):
// then the label only repeats the address, and one of them is enough.
function renderLink(url: string, label: string): string {
  const address = url.replace(/^mailto:/i, "");
  const withoutScheme = url.replace(/^[a-z]+:\/\//i, "").replace(/\/$/, "");
  if (!label || [url, address, withoutScheme].includes(label)) return address;
  return `${label} (${url})`;
}
