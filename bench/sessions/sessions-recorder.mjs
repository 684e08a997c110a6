// What bench:sessions reads off the fake platforms: every call in arrival order by the budget it
// counts against (to find a request refused twice in a row), each turn's result (its latency from
// the turn's end, written into its summary), when each Slack session was shown something (the
// working message, a progress edit of it, a status on the thread's status line, the result), and
// how many progress calls of each kind its turn made (for the calls-only comparator).

const ENDED_AT = /endedAt=(\d+)/;
/** The marker in each of a turn's GitHub comments. */
const TURN_MARKER = /<!-- baton:turn (\S+) -->/;
/** Slack's methods limited per channel: their budget is the channel's. */
const PER_CHANNEL = new Set(["chat.postMessage", "assistant.threads.setStatus"]);

export function createSessionsRecorder({ slack, github, linear }) {
  const latencies = { slack: [], github: [], linear: [] };
  /** budget key → outcomes in order (true: refused). */
  const outcomes = new Map();
  /** Slack channel → times the person saw something new (the working message, progress, the result). */
  const shown = new Map();
  /** Slack channel → progress calls of its turn: chat.update edits of the working message, setStatus updates. */
  const progressEdits = new Map();
  const statusCalls = new Map();
  const count = (map, channel) => map.set(channel, (map.get(channel) ?? 0) + 1);
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

  /** Every request each platform received, by method (`slack chat.update`, `github POST /repos/…/comments`). */
  const requests = new Map();
  const tally = (name) => requests.set(name, (requests.get(name) ?? 0) + 1);
  slack.onCall((call) => {
    tally(`slack ${call.method}`);
    // The assistant methods name the channel `channel_id`.
    const channel = call.body.channel ?? call.body.channel_id;
    const refused = call.outcome.kind === "rate_limited";
    note(PER_CHANNEL.has(call.method) ? `slack:${call.method}:${channel}` : `slack:${call.method}`, refused);
    if (refused || call.outcome.kind !== "ok") return;
    const text = JSON.stringify(call.body);
    if (call.method === "chat.postMessage" && result("slack", text, call.at)) see(channel, call.at);
    else if (call.method === "chat.postMessage" && text.includes("Working")) see(channel, call.at);
    else if (call.method === "chat.update" && /step \d+/.test(text)) {
      see(channel, call.at);
      count(progressEdits, channel);
    } else if (call.method === "assistant.threads.setStatus") {
      // The person sees "<App> is working: step N" under the thread.
      if (/step \d+/.test(String(call.body.status))) see(channel, call.at);
      count(statusCalls, channel);
    }
  });
  // What the workers sent GitHub and Linear for their turns, for the comparator to send again: the
  // writes to GitHub (its reads are the gateway's admission checks), Linear's operations but the
  // viewer (each process reads it once), the ones that succeeded, in order.
  const githubWrites = [];
  const linearOperations = [];
  github.onCall((call) => {
    tally(`github ${call.method} ${call.path.replace(/\d+/g, "N")}`);
    const refused = call.status === 403 || call.status === 429;
    if (call.method !== "GET") note("github:content", refused);
    if (!refused && call.status < 300) result("github", JSON.stringify(call.body), call.at);
    if (call.method !== "GET" && !call.path.startsWith("/app/") && call.status < 300)
      githubWrites.push({ at: call.at, method: call.method, path: call.path, body: call.body });
  });
  linear.onOperation((operation) => {
    tally(`linear ${operation.name}`);
    note("linear:requests", operation.outcome === "ratelimited" || operation.outcome === "http_429");
    if (operation.outcome === "ok" && operation.name === "createAgentActivity")
      result("linear", JSON.stringify(operation.variables), operation.at);
    if (operation.outcome === "ok" && !["batonViewer", "oauth.token"].includes(operation.name))
      linearOperations.push({
        at: operation.at,
        query: operation.query,
        variables: operation.variables,
      });
  });

  return {
    latencies,
    get results() {
      return results;
    },
    get refusals() {
      return refusals;
    },
    /** Every request each platform received, by method, most frequent first. */
    requestsByMethod() {
      return [...requests].sort(([, a], [, b]) => b - a);
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
    /**
     * Each GitHub and Linear session's calls, in the order its turn made them (`sessionOf` says
     * which session a GitHub issue number or comment id, or a Linear agent session or issue id,
     * belongs to): session index → calls, each with its time.
     */
    turnCalls(sessionOf) {
      const github = new Map();
      const linear = new Map();
      const add = (map, session, call) => {
        if (session === undefined) return;
        const list = map.get(session) ?? [];
        list.push(call);
        map.set(session, list);
      };
      // A working comment's edits name its turn in a marker; the comment's creation says its issue.
      const sessionOfTurn = new Map();
      for (const call of githubWrites) {
        const turn = String(call.body.body ?? "").match(TURN_MARKER)?.[1];
        const issue = call.path.match(/\/issues\/(\d+)\/comments$/)?.[1];
        const reacted = call.path.match(/\/issues\/comments\/(\d+)\/reactions$/)?.[1];
        let session = issue ? sessionOf.githubIssue(Number(issue)) : undefined;
        session ??= reacted ? sessionOf.githubComment(Number(reacted)) : undefined;
        if (turn && session !== undefined) sessionOfTurn.set(turn, session);
        session ??= turn ? sessionOfTurn.get(turn) : undefined;
        add(github, session, call);
      }
      for (const operation of linearOperations) {
        const { id, input } = operation.variables;
        add(linear, sessionOf.linear(input?.agentSessionId ?? id), operation);
      }
      return { github, linear };
    },
    /** When a Slack channel's session was first shown something (its working message), if it was. */
    firstShownAt(channel) {
      return shown.get(channel)?.[0];
    },
    /** The progress calls a Slack session's turn made on average, of each kind (over every Slack session). */
    averageProgressCalls() {
      const average = (map) =>
        shown.size === 0 ? 0 : [...map.values()].reduce((a, b) => a + b, 0) / shown.size;
      return { progressEdits: average(progressEdits), statusCalls: average(statusCalls) };
    },
  };
}
