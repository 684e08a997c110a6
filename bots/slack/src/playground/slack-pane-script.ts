/**
 * The Slack pane in the page: a channel with its threads opened under each message, Block Kit
 * drawn enough to click (buttons, selects, link buttons), and a composer that posts to the channel
 * or to the thread being replied to.
 */
export const SLACK_PANE_SCRIPT = String.raw`"use strict";
(function () {
  var api = window.batonPlayground;
  var el = api.el;
  var EMOJI = { eyes: "👀", white_check_mark: "✅", x: "❌", hourglass_flowing_sand: "⏳", hourglass: "⌛", octagonal_sign: "🛑", black_square_for_stop: "⏹️", warning: "⚠️", thinking_face: "🤔", arrows_counterclockwise: "🔄", link: "🔗" };

  function mount(root, send) {
    var state = null;
    var replyingTo = null;
    var list = el("div", { class: "slack-messages", role: "log" });
    var notes = el("div", { class: "slack-ephemerals" });
    var replying = el("div", { class: "slack-replying", hidden: true });
    var input = el("textarea", { class: "slack-input", rows: "2", "aria-label": "Message", placeholder: "Message #playground (try: @baton explain how login works)" });
    var composer = el("form", { class: "slack-composer", onsubmit: submit }, replying, input, el("button", { type: "submit", class: "slack-send", text: "Send" }));
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); submit(event); }
    });
    root.appendChild(el("div", { class: "slack" }, el("div", { class: "slack-header" }, el("span", { class: "slack-channel", text: "# playground" }), el("span", { class: "slack-topic", text: "Mention @baton to hand it work" })), list, notes, composer));

    function submit(event) {
      event.preventDefault();
      var text = input.value.trim();
      if (!text) return;
      var action = { type: "post", text: text };
      if (replyingTo) action.threadTs = replyingTo;
      send(action).then(function (ok) { if (ok) input.value = ""; });
    }
    function replyIn(ts) {
      replyingTo = ts;
      replying.hidden = !ts;
      replying.textContent = "";
      if (ts) replying.appendChild(el("span", { text: "Replying in thread " }, el("button", { type: "button", class: "slack-cancel", text: "Cancel", onclick: function () { replyIn(null); } })));
      input.placeholder = ts ? "Reply…" : "Message #playground";
      input.focus();
    }
    function names() {
      var map = {};
      map[state.bot.id] = state.bot.name;
      map[state.person.id] = state.person.name;
      return map;
    }
    function element(message, block, item) {
      var base = { type: "click", messageTs: message.ts, blockId: block.block_id, actionId: item.action_id };
      if (item.type === "button") {
        var label = item.text && item.text.text || "";
        if (item.url) return el("a", { class: "slack-button", href: /^https?:/i.test(item.url) ? item.url : null, target: "_blank", rel: "noopener noreferrer", text: label });
        return el("button", { type: "button", class: "slack-button" + (item.style === "danger" ? " danger" : item.style === "primary" ? " primary" : ""), text: label, onclick: function () {
          send(Object.assign({}, base, { elementType: "button", value: item.value || "", label: label }));
        } });
      }
      if (item.type === "static_select") {
        var select = el("select", { class: "slack-select", "aria-label": item.placeholder && item.placeholder.text || "Choose" },
          el("option", { value: "", text: item.placeholder && item.placeholder.text || "Choose…" }),
          (item.options || []).map(function (o) { return el("option", { value: o.value, text: o.text.text }); }));
        select.addEventListener("change", function () {
          var option = select.options[select.selectedIndex];
          if (option.value) send(Object.assign({}, base, { elementType: "static_select", value: option.value, label: option.textContent }));
        });
        return select;
      }
      return null;
    }
    function textOf(object) {
      if (!object) return null;
      return object.type === "plain_text" ? document.createTextNode(object.text) : el("span", {}, api.formatted(object.text, names()));
    }
    function blocks(message) {
      return (message.blocks || []).map(function (block) {
        if (block.type === "section") return el("div", { class: "slack-section" }, textOf(block.text), (block.fields || []).map(textOf), block.accessory ? element(message, block, block.accessory) : null);
        if (block.type === "context") return el("div", { class: "slack-context" }, (block.elements || []).map(function (e) { return e.type === "image" ? null : textOf(e); }));
        if (block.type === "actions") return el("div", { class: "slack-actions" }, (block.elements || []).map(function (e) { return element(message, block, e); }));
        if (block.type === "header") return el("div", { class: "slack-block-header" }, textOf(block.text));
        if (block.type === "divider") return el("hr");
        if (block.text && block.text.text) return el("div", {}, textOf(block.text));
        return null;
      });
    }
    function messageNode(message, isReply) {
      var fromBot = Boolean(message.bot_id);
      var author = fromBot ? state.bot.name : message.user === state.person.id ? state.person.name : message.user;
      var body = message.blocks && message.blocks.length ? blocks(message) : el("div", {}, api.formatted(message.text, names()));
      var reactions = (message.reactions || []).map(function (name) { return el("span", { class: "slack-reaction", title: ":" + name + ":", "data-reaction": name, text: (EMOJI[name] || ":" + name + ":") + " 1" }); });
      return el("div", { class: "slack-message" + (isReply ? " reply" : "") + (fromBot ? " from-bot" : ""), "data-ts": message.ts, "data-author": fromBot ? "bot" : "person" },
        el("div", { class: "slack-avatar" + (fromBot ? " bot" : ""), text: fromBot ? "B" : "Y", "aria-hidden": "true" }),
        el("div", { class: "slack-content" },
          el("div", { class: "slack-meta" }, el("strong", { text: author }), fromBot ? el("span", { class: "slack-app", text: "APP" }) : null, el("span", { class: "slack-time", text: api.time(message.at || Number(message.ts) * 1000) }), message.edited ? el("span", { class: "slack-edited", text: "(edited)" }) : null),
          el("div", { class: "slack-text" }, body),
          reactions.length ? el("div", { class: "slack-reactions" }, reactions) : null));
    }
    function update(next) {
      state = next;
      var stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
      var roots = state.messages.filter(function (m) { return !m.thread_ts || m.thread_ts === m.ts; });
      list.textContent = "";
      if (!roots.length) list.appendChild(el("p", { class: "empty", text: "No messages yet. Mention @baton with something to do." }));
      roots.forEach(function (root) {
        var replies = state.messages.filter(function (m) { return m.thread_ts === root.ts && m.ts !== root.ts; });
        list.appendChild(el("div", { class: "slack-thread-root", "data-thread": root.ts },
          messageNode(root, false),
          replies.length ? el("div", { class: "slack-thread", "data-thread-replies": root.ts }, replies.map(function (m) { return messageNode(m, true); })) : null,
          root.status ? el("div", { class: "slack-status-line", "data-status-line": root.ts, text: state.bot.name + " " + root.status }) : null,
          el("button", { type: "button", class: "slack-reply-link", text: replies.length ? replies.length + (replies.length === 1 ? " reply · Reply" : " replies · Reply") : "Reply in thread", onclick: function () { replyIn(root.ts); } })));
      });
      notes.textContent = "";
      state.ephemerals.forEach(function (note) {
        notes.appendChild(el("div", { class: "slack-ephemeral" }, el("span", { class: "slack-only-you", text: "Only visible to you" }), note.blocks ? blocks({ ts: "", blocks: note.blocks }) : el("div", {}, api.formatted(note.text, names()))));
      });
      if (stick) list.scrollTop = list.scrollHeight;
    }
    return { update: update };
  }
  api.panes.slack = { mount: mount };
})();
`;
