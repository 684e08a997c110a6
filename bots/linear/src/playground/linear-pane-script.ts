/**
 * The Linear pane in the page: an issue with its properties, an "Assign to Baton" button, and the
 * agent session's activities (thoughts, actions, the question with its options, the response),
 * with a reply box and a Stop button.
 */
export const LINEAR_PANE_SCRIPT = `"use strict";
(function () {
  var api = window.batonPlayground;
  var el = api.el;

  function mount(root, send) {
    var view = el("div", { class: "ln-view" });
    var input = el("textarea", { class: "ln-input", rows: "2", "aria-label": "Reply to Baton", placeholder: "Reply to Baton…" });
    var composer = el("form", { class: "ln-composer", hidden: true, onsubmit: function (event) {
      event.preventDefault();
      var body = input.value.trim();
      if (body) send({ type: "prompt", body: body }).then(function (ok) { if (ok) input.value = ""; });
    } }, input, el("div", { class: "ln-composer-actions" },
      el("button", { type: "button", class: "ln-stop", text: "Stop", onclick: function () { send({ type: "stop" }); } }),
      el("button", { type: "submit", class: "ln-primary", text: "Send" })));
    root.appendChild(el("div", { class: "ln" }, view, composer));

    function activity(item, state) {
      var content = item.content || {};
      var type = content.type;
      if (type === "prompt") {
        return el("div", { class: "ln-activity prompt", "data-activity": "prompt" }, el("span", { class: "ln-avatar you", text: "Y" }),
          el("div", {}, el("strong", { text: state.person + " " }), item.signal === "stop" ? el("span", { class: "ln-muted", text: "stopped Baton" }) : el("span", { text: content.body })));
      }
      var body = content.body || [content.action, content.parameter, content.result].filter(Boolean).join(" · ");
      var node = el("div", { class: "ln-activity " + type + (item.ephemeral ? " ephemeral" : ""), "data-activity": type },
        el("span", { class: "ln-avatar baton", text: "B" }),
        el("div", { class: "ln-activity-body" },
          el("div", { class: "ln-kind", text: type === "thought" ? "Thinking" : type === "action" ? "Action" : type === "elicitation" ? "Question" : type === "response" ? "Response" : type === "error" ? "Error" : type }),
          el("div", {}, api.formatted(body, null, true))));
      var options = item.signal === "select" && item.signalMetadata && item.signalMetadata.options;
      if (type === "elicitation" && options && options.length) {
        node.querySelector(".ln-activity-body").appendChild(el("div", { class: "ln-options" }, options.map(function (option, index) {
          return el("button", { type: "button", class: "ln-option", text: option.label || option.value, onclick: function () {
            send({ type: "prompt", body: String(index + 1) });
          } });
        })));
      }
      return node;
    }
    function update(state) {
      var issue = state.issue;
      view.textContent = "";
      view.appendChild(el("div", { class: "ln-crumbs", text: "Acme › " + issue.team + " › " + issue.identifier }));
      view.appendChild(el("h3", { class: "ln-title", text: issue.title }));
      view.appendChild(el("p", { class: "ln-description", text: issue.description || "" }));
      var agent = issue.delegate || issue.assignee;
      view.appendChild(el("div", { class: "ln-props" },
        el("span", { class: "ln-prop" }, el("span", { class: "ln-muted", text: "Status " }), el("strong", { class: "ln-status", text: issue.state })),
        el("span", { class: "ln-prop" }, el("span", { class: "ln-muted", text: "Assignee " }), agent ? el("strong", { text: agent }) : el("span", { text: "Unassigned" })),
        el("button", { type: "button", class: "ln-primary", text: "Assign to Baton", disabled: state.sessions.length > 0 && !!agent, onclick: function () { send({ type: "assign" }); } })));
      view.appendChild(el("div", { class: "ln-heading", text: "Activity" }));
      state.sessions.forEach(function (session) {
        view.appendChild(el("div", { class: "ln-session", "data-session": session.id },
          el("div", { class: "ln-session-head" }, el("strong", { text: "Baton" }), el("span", { class: "ln-muted", text: " agent session " }), session.externalLink ? api.link(session.externalLink, "Open transcript") : null),
          session.activities.map(function (item) { return activity(item, state); })));
      });
      composer.hidden = state.sessions.length === 0;
    }
    return { update: update };
  }
  api.panes.linear = { mount: mount };
})();
`;
