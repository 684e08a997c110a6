/**
 * The GitHub pane in the page: a pull request's conversation (comments with their reactions), its
 * one changed file with a comment button per line, and the "Leave a comment" box.
 */
export const GITHUB_PANE_SCRIPT = `"use strict";
(function () {
  var api = window.batonPlayground;
  var el = api.el;
  var EMOJI = { eyes: "👀", rocket: "🚀", "+1": "👍", "-1": "👎", confused: "😕", heart: "❤️", hooray: "🎉", laugh: "😄" };

  function mount(root, send) {
    var reviewLine = null;
    var header = el("div", { class: "gh-header" });
    var timeline = el("div", { class: "gh-timeline", role: "log" });
    var files = el("div", { class: "gh-files" });
    var opened = el("div", { class: "gh-opened-slot" });
    var input = el("textarea", { class: "gh-input", rows: "3", "aria-label": "Comment", placeholder: "Leave a comment (try: @baton add a test for the refund button)" });
    var box = el("form", { class: "gh-box", onsubmit: function (event) {
      event.preventDefault();
      var body = input.value.trim();
      if (body) send({ type: "comment", body: body }).then(function (ok) { if (ok) input.value = ""; });
    } }, el("div", { class: "gh-box-title", text: "Add a comment" }), input, el("div", { class: "gh-box-actions" }, el("button", { type: "submit", class: "gh-primary", text: "Comment" })));
    var reviewInput = el("textarea", { class: "gh-input", rows: "2", "aria-label": "Review comment", placeholder: "Comment on this line" });
    var reviewForm = el("form", { class: "gh-review-form", hidden: true, onsubmit: function (event) {
      event.preventDefault();
      var body = reviewInput.value.trim();
      if (body && reviewLine) send({ type: "review_comment", body: body, line: reviewLine }).then(function (ok) { if (ok) { reviewInput.value = ""; reviewForm.hidden = true; } });
    } }, reviewInput, el("div", { class: "gh-box-actions" }, el("button", { type: "submit", class: "gh-primary", text: "Add single comment" })));
    root.appendChild(el("div", { class: "gh" }, opened, header, el("div", { class: "gh-tabs" }, el("span", { class: "gh-tab selected", text: "Conversation" }), el("span", { class: "gh-tab", text: "Files changed 1" })), timeline, box, files));

    function reactions(list) {
      if (!list.length) return null;
      return el("div", { class: "gh-reactions" }, list.map(function (name) { return el("span", { class: "gh-reaction", "data-reaction": name, title: name, text: (EMOJI[name] || name) + " 1" }); }));
    }
    function comment(item, extra) {
      var bot = item.authorType === "Bot";
      return el("div", { class: "gh-comment" + (bot ? " from-bot" : ""), "data-comment": String(item.id) },
        el("div", { class: "gh-avatar" + (bot ? " bot" : ""), text: bot ? "B" : "Y", "aria-hidden": "true" }),
        el("div", { class: "gh-comment-box" },
          el("div", { class: "gh-comment-head" }, el("strong", { text: item.author }), bot ? el("span", { class: "gh-bot-label", text: "bot" }) : null, el("span", { class: "gh-muted", text: " commented " + api.time(Date.parse(item.createdAt)) }), extra || null),
          el("div", { class: "gh-comment-body" }, api.formatted(item.body, null, true)),
          reactions(item.reactions || [])));
    }
    function update(state) {
      var pull = state.pull;
      opened.textContent = "";
      var pulls = api.githubOpenedPulls(state.opened, send, comment);
      if (pulls) opened.appendChild(pulls);
      header.textContent = "";
      header.appendChild(el("div", { class: "gh-title" }, pull.title + " ", el("span", { class: "gh-muted", text: "#" + pull.number })));
      header.appendChild(el("div", { class: "gh-sub" }, el("span", { class: "gh-state", text: "Open" }), el("span", { text: " " + pull.author + " wants to merge into " }), el("code", { text: pull.baseRef }), el("span", { text: " from " }), el("code", { text: pull.headRef })));
      timeline.textContent = "";
      timeline.appendChild(comment({ id: 0, author: pull.author, authorType: "User", createdAt: new Date().toISOString(), body: pull.body, reactions: [] }));
      state.comments.forEach(function (item) { timeline.appendChild(comment(item)); });
      files.textContent = "";
      var rows = pull.lines.map(function (text, index) {
        var line = index + 1;
        var row = el("tr", { class: "gh-line", "data-line": String(line) },
          el("td", { class: "gh-gutter" }, el("button", { type: "button", class: "gh-add", "aria-label": "Comment on line " + line, text: "+", onclick: function () {
            reviewLine = line; reviewForm.hidden = false;
            reviewForm.querySelector("textarea").placeholder = "Comment on line " + line;
            var after = files.querySelector('[data-line="' + line + '"]');
            after.parentNode.insertBefore(formRow, after.nextSibling);
            reviewInput.focus();
          } })),
          el("td", { class: "gh-num", text: String(line) }),
          el("td", { class: "gh-code", text: "+ " + text }));
        return row;
      });
      var formRow = el("tr", { class: "gh-form-row" }, el("td", { colspan: "3" }, reviewForm));
      var table = el("table", { class: "gh-diff" }, el("tbody", {}, rows));
      state.reviewComments.forEach(function (item) {
        var at = rows[item.line - 1];
        var thread = el("tr", { class: "gh-review-thread", "data-review-comment": String(item.id) }, el("td", { colspan: "3" }, comment({ id: item.id, author: item.author, authorType: "User", createdAt: item.createdAt, body: item.body, reactions: item.reactions })));
        at.parentNode.insertBefore(thread, at.nextSibling);
      });
      if (reviewLine) { var anchor = rows[reviewLine - 1]; anchor.parentNode.insertBefore(formRow, anchor.nextSibling); }
      files.appendChild(el("div", { class: "gh-file" }, el("div", { class: "gh-file-head", text: pull.path }), table));
    }
    return { update: update };
  }
  api.panes.github = { mount: mount };
})();
`;
