// What bench:sessions reads off the fake platforms: every call in arrival order by the budget it
// counts against (to find a request refused twice in a row), each turn's result (its latency from
// the turn's end, written into its summary), and when each Slack session was shown something.

const ENDED_AT = /endedAt=(\d+)/;

export function createSessionsRecorder({ slack, github, linear }) {
  const latencies = { slack: [], github: [], linear: [] };
  /** budget key → outcomes in order (true: refused). */
  const outcomes = new Map();
  /** Slack channel → times the person saw something new (the working message, progress, the result). */
  const shown = new Map();
  const progressEdits = new Map();
  let results = 0;
  let refusals = 0;
  const note = (key, refused) => {
    if (refused) refusals += 1;
    const list = outcomes.get(key) ?? [];
    list.push(refused);
    outcomes.set(key, list);
  };
  const result = (platform, text, at) => {
    const ended = text.match(ENDED_AT);
    if (!ended) return false;
    latencies[platform].push(at - Number(ended[1]));
    results += 1;
    return true;
  };
  const see = (channel, at) => {
    const list = shown.get(channel) ?? [];
    list.push(at);
    shown.set(channel, list);
  };

  slack.onCall((call) => {
    const channel = call.body.channel;
    const refused = call.outcome.kind === "rate_limited";
    note(
      call.method === "chat.postMessage" ? `slack:${call.method}:${channel}` : `slack:${call.method}`,
      refused,
    );
    if (refused || call.outcome.kind !== "ok") return;
    const text = JSON.stringify(call.body);
    if (call.method === "chat.postMessage" && result("slack", text, call.at)) see(channel, call.at);
    else if (call.method === "chat.postMessage" && text.includes("Working")) see(channel, call.at);
    else if (call.method === "chat.update" && /step \d+/.test(text)) {
      see(channel, call.at);
      progressEdits.set(channel, (progressEdits.get(channel) ?? 0) + 1);
    }
  });
  github.onCall((call) => {
    const refused = call.status === 403 || call.status === 429;
    if (call.method !== "GET") note("github:content", refused);
    if (!refused && call.status < 300) result("github", JSON.stringify(call.body), call.at);
  });
  linear.onOperation((operation) => {
    note("linear:requests", operation.outcome === "ratelimited" || operation.outcome === "http_429");
    if (operation.outcome === "ok" && operation.name === "createAgentActivity")
      result("linear", JSON.stringify(operation.variables), operation.at);
  });

  return {
    latencies,
    get results() {
      return results;
    },
    get refusals() {
      return refusals;
    },
    /** How many times a budget's call was refused right after one refused before it. */
    refusedTwiceInARow() {
      let count = 0;
      for (const list of outcomes.values())
        for (let i = 1; i < list.length; i += 1) if (list[i] && list[i - 1]) count += 1;
      return count;
    },
    /** Each Slack session's longest wait between two things shown, in ms. */
    longestGaps() {
      return [...shown.values()].map((times) =>
        times.reduce((longest, at, i) => (i === 0 ? 0 : Math.max(longest, at - times[i - 1])), 0),
      );
    },
    averageProgressEdits() {
      const counts = [...progressEdits.values()];
      return counts.length === 0 ? 0 : counts.reduce((a, b) => a + b, 0) / counts.length;
    },
  };
}
