/** The page around the panes: a bar that says what is simulated, and the panes side by side. */
export const PLAYGROUND_STYLE = `
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; font: 14px/1.4 -apple-system, "Segoe UI", sans-serif; background: #eef0f3; color: #1f2328; }
.top { padding: 10px 16px; background: #111827; color: #f9fafb; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
.top h1 { font-size: 17px; margin: 0; }
.top p { margin: 0; color: #cbd5e1; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 12px; margin-left: 6px; }
.badge.simulated { background: #fde68a; color: #78350f; }
.badge.live { background: #bbf7d0; color: #14532d; }
.top .notice { flex-basis: 100%; color: #fde68a; font-weight: 600; }
#problem { background: #fee2e2; color: #7f1d1d; padding: 6px 16px; }
.panes { flex: 1; display: grid; grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); gap: 10px; padding: 10px; min-height: 0; }
.pane { display: flex; flex-direction: column; min-height: 560px; max-height: calc(100vh - 70px); border-radius: 8px; overflow: hidden; box-shadow: 0 1px 3px rgb(0 0 0 / 0.2); background: #fff; }
.pane > h2 { margin: 0; font-size: 13px; padding: 6px 10px; background: #f3f4f6; border-bottom: 1px solid #e5e7eb; }
.pane-body { flex: 1; min-height: 0; overflow: auto; }
.live-note { padding: 16px; }
.empty { color: #6b7280; padding: 12px 16px; }
small.sub { color: #59636e; font-size: 12px; }
`;
