/** Enough of Slack's look to be recognised: aubergine header, avatars, threads, Block Kit buttons. */
export const SLACK_PANE_STYLE = `
.slack { display: flex; flex-direction: column; height: 100%; background: #fff; color: #1d1c1d; font: 15px/1.46 -apple-system, "Segoe UI", Lato, sans-serif; }
.slack-header { background: #3f0e40; color: #fff; padding: 10px 14px; display: flex; gap: 12px; align-items: baseline; }
.slack-channel { font-weight: 700; }
.slack-topic { color: #cfc3cf; font-size: 13px; }
.slack-messages { flex: 1; overflow-y: auto; padding: 8px 0; }
.slack-message { display: flex; gap: 8px; padding: 6px 14px; }
.slack-message:hover { background: #f8f8f8; }
.slack-avatar { width: 36px; height: 36px; border-radius: 6px; background: #1264a3; color: #fff; display: grid; place-items: center; font-weight: 700; flex: none; }
.slack-avatar.bot { background: #e01e5a; }
.slack-content { min-width: 0; flex: 1; }
.slack-meta { display: flex; gap: 6px; align-items: baseline; }
.slack-app { font-size: 10px; background: #e8e8e8; color: #616061; border-radius: 2px; padding: 0 3px; }
.slack-time, .slack-edited { color: #616061; font-size: 12px; }
.slack-text { overflow-wrap: anywhere; }
.slack-text pre { background: #f8f8f8; border: 1px solid #ddd; border-radius: 4px; padding: 6px; white-space: pre-wrap; }
.slack-thread { margin-left: 58px; border-left: 2px solid #e8e8e8; }
.slack-message.reply { padding-left: 10px; }
.slack-status-line { margin-left: 58px; color: #616061; font-size: 13px; font-style: italic; padding: 2px 0; }
.slack-reply-link { margin-left: 58px; background: none; border: 0; color: #1264a3; font-size: 13px; cursor: pointer; padding: 0 0 6px; }
.slack-context { color: #616061; font-size: 13px; }
.slack-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
.slack-button { display: inline-block; border: 1px solid #bbb; border-radius: 4px; background: #fff; padding: 3px 10px; font: inherit; font-size: 14px; font-weight: 700; color: #1d1c1d; cursor: pointer; text-decoration: none; }
.slack-button.primary { background: #007a5a; border-color: #007a5a; color: #fff; }
.slack-button.danger { color: #e01e5a; border-color: #e01e5a; }
.slack-select { font: inherit; font-size: 14px; padding: 3px; }
.slack-reactions { display: flex; gap: 4px; margin-top: 4px; }
.slack-reaction { border: 1px solid #1d9bd1; background: #e8f5fa; border-radius: 12px; padding: 0 6px; font-size: 12px; }
.mention { background: #e8f5fa; color: #1264a3; border-radius: 3px; padding: 0 2px; }
.quote { display: block; border-left: 4px solid #ddd; padding-left: 8px; }
.slack-ephemerals { padding: 0 14px; }
.slack-ephemeral { background: #f8f8f8; border-radius: 6px; padding: 6px 10px; margin: 4px 0; font-size: 14px; }
.slack-only-you { display: block; color: #616061; font-size: 12px; }
.slack-composer { border: 1px solid #bbb; border-radius: 8px; margin: 8px 14px 14px; padding: 6px; display: flex; flex-wrap: wrap; gap: 6px; }
.slack-replying { width: 100%; font-size: 12px; color: #616061; }
.slack-cancel { background: none; border: 0; color: #1264a3; cursor: pointer; }
.slack-input { flex: 1; border: 0; resize: none; font: inherit; outline: none; }
.slack-send { background: #007a5a; color: #fff; border: 0; border-radius: 4px; padding: 4px 12px; font-weight: 700; cursor: pointer; }
`;
