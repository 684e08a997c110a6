/**
 * The part of the GitHub pane that draws the pull requests Baton opened (the codex backend against
 * the scripted model): title, draft or open, branch, commits, files with lines added and removed,
 * the diff, the conversation, and a comment box whose `@baton …` continues the session.
 * Registers `batonPlayground.githubOpenedPulls(pulls, send, comment)`, used by the pane's script.
 */
export const GITHUB_OPENED_PULLS_SCRIPT = `"use strict";
(function () {
  var api = window.batonPlayground;
  var el = api.el;

  function commentBox(pull, send) {
    var input = el("textarea", { class: "gh-input", rows: "2", "aria-label": "Comment on #" + pull.number, placeholder: "@baton also test negative numbers" });
    return el("form", { class: "gh-box", "data-comment-on": String(pull.number), onsubmit: function (event) {
      event.preventDefault();
      var body = input.value.trim();
      if (body) send({ type: "comment", pull: pull.number, body: body }).then(function (ok) { if (ok) input.value = ""; });
    } }, input, el("div", { class: "gh-box-actions" }, el("button", { type: "submit", class: "gh-primary", text: "Comment" })));
  }

  function summary(pull) {
    var commits = el("ol", { class: "gh-commits", "aria-label": "Commits" }, pull.commits.map(function (commit) {
      return el("li", { "data-commit": commit.sha }, el("code", { text: commit.sha }), " " + commit.subject);
    }));
    var files = el("ul", { class: "gh-changed", "aria-label": "Files changed" }, pull.files.map(function (file) {
      return el("li", {}, el("code", { text: file.path }), el("span", { class: "gh-added", text: " +" + file.added }), el("span", { class: "gh-removed", text: " −" + file.removed }));
    }));
    var diff = el("pre", { class: "gh-patch" }, pull.patch.split("\\n").map(function (line) {
      var kind = line[0] === "+" && line.slice(0, 3) !== "+++" ? "gh-added" : line[0] === "-" && line.slice(0, 3) !== "---" ? "gh-removed" : null;
      return el("span", { class: kind, text: line + "\\n" });
    }));
    return el("div", { class: "gh-pull-summary" },
      el("div", { class: "gh-muted", text: pull.commits.length + (pull.commits.length === 1 ? " commit" : " commits") + " · " + pull.files.length + (pull.files.length === 1 ? " file changed" : " files changed") }),
      commits, files, el("details", {}, el("summary", { text: "Diff" }), diff));
  }

  api.githubOpenedPulls = function (pulls, send, comment) {
    if (!pulls || !pulls.length) return null;
    return el("div", { class: "gh-opened" }, el("div", { class: "gh-opened-title", text: "Pull requests Baton opened" }), pulls.map(function (pull) {
      return el("article", { class: "gh-pull", "data-pull": String(pull.number), "data-branch": pull.headRef },
        el("div", { class: "gh-title" }, pull.title + " ", el("span", { class: "gh-muted", text: pull.repo + "#" + pull.number })),
        el("div", { class: "gh-sub" }, el("span", { class: "gh-state" + (pull.draft ? " draft" : ""), text: pull.draft ? "Draft" : "Open" }), el("span", { text: " Baton wants to merge into " }), el("code", { text: pull.baseRef }), el("span", { text: " from " }), el("code", { text: pull.headRef })),
        comment({ id: 0, author: "baton", authorType: "Bot", createdAt: new Date().toISOString(), body: pull.body, reactions: [] }),
        summary(pull),
        pull.comments.map(function (item) { return comment(item); }),
        commentBox(pull, send));
    }));
  };
})();
`;
