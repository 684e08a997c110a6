/** Enough of Linear's look to be recognised: quiet greys, the indigo accent, an agent session's timeline. */
export const LINEAR_PANE_STYLE = `
.ln { background: #fcfcfd; color: #1b1b1f; font: 13px/1.5 Inter, -apple-system, "Segoe UI", sans-serif; display: flex; flex-direction: column; min-height: 100%; }
.ln-view { padding: 14px 18px; flex: 1; }
.ln-crumbs { color: #6b6f76; font-size: 12px; }
.ln-title { font-size: 20px; font-weight: 600; margin: 6px 0 4px; }
.ln-description { color: #3c4149; margin: 0 0 12px; }
.ln-props { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; border: 1px solid #e6e6e9; border-radius: 8px; padding: 8px 10px; background: #fff; }
.ln-muted { color: #6b6f76; }
.ln-status { color: #5e6ad2; }
.ln-primary { background: #5e6ad2; color: #fff; border: 0; border-radius: 6px; padding: 4px 12px; font: inherit; font-weight: 500; cursor: pointer; }
.ln-primary[disabled] { opacity: 0.4; cursor: default; }
.ln-heading { font-weight: 600; margin: 16px 0 8px; }
.ln-session { border: 1px solid #e6e6e9; border-radius: 8px; background: #fff; padding: 8px 10px; margin-bottom: 10px; }
.ln-session-head { margin-bottom: 6px; }
.ln-session-head a { margin-left: 6px; color: #5e6ad2; }
.ln-activity { display: flex; gap: 8px; padding: 5px 0; border-top: 1px solid #f0f0f2; }
.ln-activity.ephemeral, .ln-activity.thought { color: #6b6f76; }
.ln-activity.error { color: #c52828; }
.ln-activity.response .ln-activity-body { color: #1b1b1f; }
.ln-avatar { width: 20px; height: 20px; border-radius: 50%; display: grid; place-items: center; font-size: 11px; font-weight: 700; color: #fff; flex: none; }
.ln-avatar.baton { background: #e01e5a; border-radius: 5px; }
.ln-avatar.you { background: #5e6ad2; }
.ln-kind { font-size: 11px; text-transform: uppercase; letter-spacing: 0.04em; color: #8a8f98; }
.ln-activity-body { min-width: 0; overflow-wrap: anywhere; }
.ln-activity-body pre { background: #f4f5f8; padding: 6px; border-radius: 6px; white-space: pre-wrap; }
.ln-options { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
.ln-option { border: 1px solid #d0d3da; background: #fff; border-radius: 6px; padding: 2px 10px; font: inherit; cursor: pointer; }
.ln-option:hover { border-color: #5e6ad2; }
.ln-composer { border-top: 1px solid #e6e6e9; padding: 10px 18px; background: #fff; }
.ln-input { width: 100%; border: 1px solid #e6e6e9; border-radius: 6px; font: inherit; padding: 6px; }
.ln-composer-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 6px; }
.ln-stop { border: 1px solid #e6e6e9; background: #fff; border-radius: 6px; padding: 4px 12px; font: inherit; cursor: pointer; color: #c52828; }
`;
