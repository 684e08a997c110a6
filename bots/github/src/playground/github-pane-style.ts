/** Enough of GitHub's look to be recognised: the PR header, timeline comments, a diff with line buttons. */
export const GITHUB_PANE_STYLE = `
.gh { background: #fff; color: #1f2328; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, sans-serif; padding: 12px 14px; }
.gh-title { font-size: 20px; }
.gh-muted { color: #59636e; }
.gh-sub { margin: 6px 0 10px; color: #59636e; }
.gh-state { background: #1f883d; color: #fff; border-radius: 16px; padding: 3px 10px; font-weight: 600; }
.gh code { background: #ddf4ff; color: #0969da; border-radius: 6px; padding: 0 4px; font-size: 12px; }
.gh-tabs { border-bottom: 1px solid #d1d9e0; margin-bottom: 12px; display: flex; gap: 16px; }
.gh-tab { padding: 6px 2px; color: #59636e; }
.gh-tab.selected { border-bottom: 2px solid #fd8c73; color: #1f2328; font-weight: 600; }
.gh-comment { display: flex; gap: 10px; margin: 0 0 12px; }
.gh-avatar { width: 32px; height: 32px; border-radius: 50%; background: #8250df; color: #fff; display: grid; place-items: center; font-weight: 700; flex: none; }
.gh-avatar.bot { border-radius: 6px; background: #e01e5a; }
.gh-comment-box { flex: 1; min-width: 0; border: 1px solid #d1d9e0; border-radius: 6px; }
.gh-comment-head { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 6px 10px; border-radius: 6px 6px 0 0; }
.gh-bot-label { border: 1px solid #d1d9e0; border-radius: 12px; font-size: 11px; padding: 0 6px; margin-left: 4px; color: #59636e; }
.gh-comment-body { padding: 8px 10px; overflow-wrap: anywhere; }
.gh-comment-body pre { background: #f6f8fa; padding: 8px; border-radius: 6px; white-space: pre-wrap; }
.gh-reactions { padding: 0 10px 8px; display: flex; gap: 6px; }
.gh-reaction { border: 1px solid #d1d9e0; border-radius: 12px; padding: 0 8px; font-size: 12px; background: #f6f8fa; }
.gh-box { border: 1px solid #d1d9e0; border-radius: 6px; padding: 8px; margin: 8px 0 16px 42px; }
.gh-box-title { font-weight: 600; margin-bottom: 6px; }
.gh-input { width: 100%; border: 1px solid #d1d9e0; border-radius: 6px; padding: 6px; font: inherit; background: #f6f8fa; }
.gh-box-actions { display: flex; justify-content: flex-end; margin-top: 6px; }
.gh-primary { background: #1f883d; color: #fff; border: 1px solid rgb(31 35 40 / 0.15); border-radius: 6px; padding: 4px 14px; font-weight: 600; cursor: pointer; }
.gh-file { border: 1px solid #d1d9e0; border-radius: 6px; overflow: hidden; }
.gh-file-head { background: #f6f8fa; padding: 6px 10px; font-family: ui-monospace, monospace; font-size: 12px; border-bottom: 1px solid #d1d9e0; }
.gh-diff { border-collapse: collapse; width: 100%; font: 12px/20px ui-monospace, SFMono-Regular, Menlo, monospace; }
.gh-line td { background: #dafbe1; }
.gh-gutter { width: 22px; }
.gh-add { border: 0; background: #0969da; color: #fff; border-radius: 4px; width: 18px; height: 18px; line-height: 16px; cursor: pointer; opacity: 0.2; }
.gh-line:hover .gh-add, .gh-add:focus { opacity: 1; }
.gh-num { width: 32px; color: #59636e; text-align: right; padding-right: 8px; background: #ccffd8 !important; }
.gh-code { white-space: pre; }
.gh-review-thread td, .gh-form-row td { padding: 8px; background: #fff; font-family: -apple-system, "Segoe UI", sans-serif; font-size: 14px; }
.gh-opened { border-bottom: 2px solid #d1d9e0; margin-bottom: 16px; }
.gh-opened-title { font-weight: 600; color: #59636e; margin-bottom: 8px; }
.gh-pull { margin-bottom: 12px; }
.gh-state.draft { background: #59636e; }
.gh-pull-summary { margin: 0 0 12px 42px; }
.gh-commits, .gh-changed { margin: 4px 0; padding-left: 20px; }
.gh-added { color: #1a7f37; }
.gh-removed { color: #d1242f; }
.gh-patch { background: #f6f8fa; padding: 8px; border-radius: 6px; font: 12px/18px ui-monospace, monospace; overflow: auto; max-height: 320px; }
`;
