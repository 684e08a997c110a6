/** The share pages' only stylesheet, inlined and allowed by its hash: the page loads nothing else. */
export const SHARE_PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --bg: #ffffff; --panel: #f6f8fa; --line: #d0d7de; --accent: #0969da; --ok: #1a7f37; --bad: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --panel: #161b22; --line: #30363d; --accent: #4493f8; --ok: #3fb950; --bad: #f85149; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main, body > header { max-width: 52rem; margin: 0 auto; padding: 1rem 1.25rem; }
body > header { border-bottom: 1px solid var(--line); }
h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
a { color: var(--accent); }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.muted { color: var(--muted); }
.meta { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; font-size: .9rem; }
.badge { display: inline-block; padding: .05rem .55rem; border-radius: 999px; border: 1px solid var(--line); font-weight: 600; }
.badge[data-kind="running"] { color: var(--accent); border-color: var(--accent); }
.badge[data-kind="completed"] { color: var(--ok); border-color: var(--ok); }
.badge[data-kind="failed"] { color: var(--bad); border-color: var(--bad); }
.notice { margin: .75rem 0 0; padding: .5rem .75rem; border-left: 3px solid var(--bad); background: var(--panel); font-size: .9rem; }
.entry { margin: .6rem 0; }
.prompt { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
.prompt header, .outcome header { margin-bottom: .25rem; }
.outcome { padding: .5rem .75rem; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); }
.outcome[data-status="failed"] { border-color: var(--bad); }
.status { font-size: .9rem; }
.tool summary, .context summary { cursor: pointer; color: var(--muted); }
.context { margin-top: .4rem; font-size: .9rem; }
.error { color: var(--bad); }
.md > :first-child { margin-top: 0; }
.md > :last-child { margin-bottom: 0; }
footer { max-width: 52rem; margin: 2rem auto; padding: 0 1.25rem; font-size: .85rem; }
`;
