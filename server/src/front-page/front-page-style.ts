/** The front page's only stylesheet, inlined and allowed by its hash: the page loads nothing else. */
export const FRONT_PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --bg: #ffffff; --panel: #f6f8fa; --line: #d0d7de; --ok: #1a7f37; --bad: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --bg: #0d1117; --panel: #161b22; --line: #30363d; --ok: #3fb950; --bad: #f85149; } }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 52rem; margin: 0 auto; padding: 1rem 1.25rem 2rem; }
h1 { font-size: 1.4rem; margin: .5rem 0 .25rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
code { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel); padding: 0 .25rem; border-radius: 4px; }
table { border-collapse: collapse; }
td, th { text-align: left; padding: .2rem .75rem .2rem 0; vertical-align: top; }
.muted { color: var(--muted); }
.ok { color: var(--ok); font-weight: 600; }
.bad { color: var(--bad); font-weight: 600; }
`;
