/**
 * The page's shared script (a classic script served as `/playground/playground.js`, before the
 * panes' scripts): building DOM nodes without `innerHTML`, chat-style text formatting, the actions
 * the panes post, and the event stream. Everything the platforms send is drawn as text or as
 * http(s) links; nothing from them is parsed as HTML.
 */
export const PLAYGROUND_SCRIPT =
  String.raw`"use strict";
(function () {
  var panes = {};
  function el(tag, attrs) {
    var node = document.createElement(tag);
    for (var key in attrs || {}) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (var i = 2; i < arguments.length; i++) append(node, arguments[i]);
    return node;
  }
  function append(node, child) {
    if (child === undefined || child === null || child === false) return;
    if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  function safeUrl(url) {
    return /^https?:\/\//i.test(url) ? url : null;
  }
  function link(url, label) {
    var href = safeUrl(url);
    if (!href) return document.createTextNode(label || url);
    return el("a", { href: href, target: "_blank", rel: "noopener noreferrer", text: label || url });
  }
  // *bold*, _italic_, ~strike~ and inline code inside one line of text.
  function inline(text) {
    var out = [];
    var pattern = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~|` +
  "`" +
  String.raw`[^` +
  "`" +
  String.raw`\n]+` +
  "`" +
  String.raw`|\*\*[^*\n]+\*\*)/g;
    var last = 0, match;
    while ((match = pattern.exec(text))) {
      if (match.index > last) out.push(text.slice(last, match.index));
      var token = match[0];
      var tag = token[0] === "*" ? "strong" : token[0] === "_" ? "em" : token[0] === "~" ? "s" : "code";
      var inner = token.slice(1, -1);
      if (token.slice(0, 2) === "**") inner = token.slice(2, -2);
      out.push(el(tag, { text: inner }));
      last = match.index + token.length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }
  // Chat markup (<url|label> links, <@id> mentions) and the plain markdown links of markdown
  // panes: links, mentions, code blocks, quotes, line breaks.
  function formatted(text, names, markdown) {
    var out = [];
    var source = String(text || "");
    // Markdown panes: hidden HTML comments (Baton's turn markers) are not shown.
    if (markdown) source = source.replace(/<!--[sS]*?-->/g, "").replace(/^s+/, "");
    var parts = source.split(/(` +
  "```" +
  String.raw`[\s\S]*?` +
  "```" +
  String.raw`)/);
    parts.forEach(function (part) {
      if (part.slice(0, 3) === "` +
  "```" +
  String.raw`") { out.push(el("pre", { text: part.slice(3, -3).replace(/^\n/, "") })); return; }
      var lines = part.split("\n");
      lines.forEach(function (line, index) {
        if (index > 0) out.push(el("br"));
        var quote = /^(&gt;|>) ?/.exec(line);
        if (quote) line = line.slice(quote[0].length);
        var small = markdown && /^<sub>([\s\S]*)<\/sub>$/.exec(line.trim());
        if (small) line = small[1];
        var tokens = /<([^>|]+)(?:\|([^>]+))?>|\[([^\]]+)\]\((https?:[^)\s]+)\)/g;
        var last = 0, m;
        var pieces = [];
        while ((m = tokens.exec(line))) {
          if (m.index > last) pieces.push.apply(pieces, inline(line.slice(last, m.index)));
          if (m[3]) pieces.push(link(m[4], m[3]));
          else if (markdown) pieces.push(m[0]);
          else if (m[1][0] === "@") pieces.push(el("span", { class: "mention", text: "@" + ((names && names[m[1].slice(1)]) || m[1].slice(1)) }));
          else if (m[1][0] === "#") pieces.push(el("span", { class: "mention", text: "#" + (m[2] || m[1].slice(1)) }));
          else if (m[1][0] === "!") pieces.push(el("span", { class: "mention", text: "@" + m[1].slice(1) }));
          else pieces.push(link(m[1], m[2]));
          last = m.index + m[0].length;
        }
        if (last < line.length) pieces.push.apply(pieces, inline(line.slice(last)));
        if (small) out.push(el("small", { class: "sub" }, pieces));
        else if (quote) out.push(el("span", { class: "quote" }, pieces));
        else out.push.apply(out, pieces);
      });
    });
    return out;
  }
  function showProblem(message) {
    var bar = document.getElementById("problem");
    bar.textContent = message;
    bar.hidden = !message;
  }
  function send(platform, action) {
    return fetch("/playground/api/" + encodeURIComponent(platform), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(action),
    }).then(function (response) {
      if (response.ok) { showProblem(""); return true; }
      return response.json().then(function (body) {
        showProblem("The playground could not send that (" + (body.error || response.status) + ").");
        return false;
      });
    }, function () {
      showProblem("The playground is not answering: is baton start still running?");
      return false;
    });
  }
  function time(ms) {
    var d = new Date(ms);
    return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }
  window.batonPlayground = { panes: panes, el: el, link: link, formatted: formatted, send: send, time: time };
})();
`;

/** Runs after the panes' scripts: draws the panes and follows the event stream. */
export const PLAYGROUND_BOOT_SCRIPT = String.raw`"use strict";
(function () {
  var api = window.batonPlayground;
  var mounted = {};
  function draw(pane) {
    var section = document.querySelector('[data-pane="' + pane.platform + '"]');
    if (!section) return;
    var body = section.querySelector(".pane-body");
    if (pane.mode === "live") {
      if (!mounted[pane.platform]) {
        mounted[pane.platform] = true;
        body.appendChild(api.el("p", { class: "live-note", text: pane.title + " is live: Baton talks to your real " + pane.title + ". Use " + pane.title + " itself." }));
      }
      return;
    }
    var renderer = api.panes[pane.platform];
    if (!renderer) return;
    if (!mounted[pane.platform]) mounted[pane.platform] = renderer.mount(body, function (action) { return api.send(pane.platform, action); });
    mounted[pane.platform].update(pane.state);
  }
  var source = new EventSource("/playground/events");
  source.onmessage = function (event) {
    var data = JSON.parse(event.data);
    if (data.kind === "panes") data.panes.forEach(draw);
    else if (data.kind === "pane") draw(data.pane);
    document.body.setAttribute("data-connected", "true");
  };
  source.onerror = function () { document.body.setAttribute("data-connected", "false"); };
})();
`;
