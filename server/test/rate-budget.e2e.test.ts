import { type FakeSlack, startFakeSlack } from "@baton/testkit";
import { afterEach, describe, expect, it } from "vitest";
import { type ControllableBackend, createControllableBackend } from "./fixtures/controllable-backend.js";
import { callsIn, eventually, slackActions, textOf } from "./fixtures/slack-test-actions.js";
import { startTestBaton, type TestBaton } from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
`;
const CHANNELS = ["C0RB1", "C0RB2", "C0RB3", "C0RB4", "C0RB5", "C0RB6"];
// chat.update's limit in the fake Slack: 4 a second, 8 at once. Baton's budget refills at the same
// rate and spends 6 at once, the headroom for calls that reach Slack later than they were let
// through. Two workers each with a budget of their own would spend 12 at once and be refused.
const UPDATE_LIMIT = { limit: 240, periodMs: 60_000, burst: 8 };

const statusesShown = (t: TestBaton, channel: string) =>
  callsIn(t, "chat.update", channel)
    .map((call) => textOf(call).match(/status (\d+)/)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);

describe("two workers, one Slack workspace, the fake Slack enforcing its limits", () => {
  const open: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of open.splice(0).reverse()) await close();
  });

  async function startTwoWorkers(
    slack: FakeSlack,
  ): Promise<{ first: TestBaton; agents: ControllableBackend[] }> {
    const env = { BATON_WORKER_CONCURRENCY: "3", BATON_RATE_LIMITS: "slack:chat.update=240/m:6" };
    const agents = [createControllableBackend(), createControllableBackend()];
    const first = await startTestBaton({ slack, env, catalogYaml: CATALOG, backend: agents[0]!.backend });
    open.push(first.close);
    const second = await startTestBaton({
      slack,
      env,
      catalogYaml: CATALOG,
      backend: agents[1]!.backend,
      sharedRedis: first.redis,
    });
    open.unshift(second.close);
    return { first, agents };
  }

  it("share one budget: no call refused, every session shown progress, only ever its latest status, results in every thread", async () => {
    const slack = await startFakeSlack({ rateLimits: { methodLimits: { "chat.update": UPDATE_LIMIT } } });
    open.push(slack.close);
    // Where Slack refuses the status line (an install without it), progress edits the working
    // messages, on chat.update's budget for the whole workspace: each worker meets the refusal once.
    slack.failNext("assistant.threads.setStatus", { kind: "error", error: "missing_scope" }, 50);
    const { first: t, agents } = await startTwoWorkers(slack);
    const person = slackActions(t);
    for (const channel of CHANNELS) await person.mention({ channel, text: `fix the header in ${channel}` });
    // Three turns a worker at most: each worker runs three of the six.
    await agents[0]!.waitForRun(3);
    await agents[1]!.waitForRun(3);
    const runs = [...agents[0]!.runs, ...agents[1]!.runs];
    expect(runs).toHaveLength(6);

    // Every session streams statuses far faster than the budget allows, for a while.
    for (let step = 0; step < 40; step += 1) {
      for (const run of runs) run.emit({ type: "status", message: `status ${step}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const channel of CHANNELS)
      await eventually(`${channel}'s latest status`, () => statusesShown(t, channel).includes(39), 30_000);
    for (const run of runs) run.finish();
    for (const channel of CHANNELS)
      await eventually(`the result in ${channel}`, () =>
        callsIn(t, "chat.postMessage", channel).find((c) => textOf(c).includes("finished: fix the header")),
      );
    await eventually("every working message closed", () =>
      CHANNELS.every((channel) =>
        callsIn(t, "chat.update", channel).some((c) => textOf(c).includes("Done in")),
      ),
    );

    expect(slack.calls.filter((call) => call.outcome.kind === "rate_limited")).toEqual([]);
    for (const channel of CHANNELS) {
      const shown = statusesShown(t, channel);
      // Coalesced: far fewer edits than statuses, never an older status after a newer one.
      expect(shown.length).toBeLessThan(40);
      expect(shown).toEqual([...shown].sort((a, b) => a - b));
    }
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(/baton_progress_coalesced_total\{platform="slack"\} [1-9]/);
    expect(metrics).toMatch(
      /baton_rate_budget_requests_total\{budget="slack:chat.update",priority="progress"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /baton_rate_budget_requests_total\{budget="slack:chat.update",priority="final"\} [1-9]/,
    );
  }, 90_000);

  it("the status line carries progress on each channel's setStatus budget: none refused, the latest status shown, chat.update for start and end only", async () => {
    const slack = await startFakeSlack({ rateLimits: true });
    open.push(slack.close);
    const { first: t, agents } = await startTwoWorkers(slack);
    const person = slackActions(t);
    const threads = new Map<string, string>();
    for (const channel of CHANNELS) {
      const { ts } = await person.mention({ channel, text: `fix the header in ${channel}` });
      threads.set(channel, ts);
    }
    await agents[0]!.waitForRun(3);
    await agents[1]!.waitForRun(3);
    const runs = [...agents[0]!.runs, ...agents[1]!.runs];
    for (let step = 0; step < 30; step += 1) {
      for (const run of runs) run.emit({ type: "status", message: `status ${step}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const channel of CHANNELS)
      await eventually(
        `${channel}'s latest status`,
        () => t.slack.threadStatus(channel, threads.get(channel) ?? "") === "is working: status 29",
        15_000,
      );
    for (const run of runs) run.finish();
    for (const channel of CHANNELS)
      await eventually(`the result in ${channel}`, () =>
        callsIn(t, "chat.update", channel).some((c) => textOf(c).includes("Done in")),
      );

    expect(slack.calls.filter((call) => call.outcome.kind === "rate_limited")).toEqual([]);
    for (const channel of CHANNELS) {
      expect(t.slack.threadStatus(channel, threads.get(channel) ?? "")).toBeUndefined();
      expect(callsIn(t, "assistant.threads.setStatus", channel).length).toBeLessThan(30);
      // The working message: its start edit (the target) and its final one.
      expect(callsIn(t, "chat.update", channel).filter((c) => /status \d+/.test(textOf(c)))).toEqual([]);
      expect(callsIn(t, "chat.update", channel)).toHaveLength(2);
    }
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(
      /baton_rate_budget_requests_total\{budget="slack:assistant.threads.setStatus",priority="progress"\} [1-9]/,
    );
  }, 90_000);

  it("a 429 pauses the budget for both workers and shows on /metrics and the front page", async () => {
    const slack = await startFakeSlack();
    open.push(slack.close);
    const { first: t, agents } = await startTwoWorkers(slack);
    slack.failNext("chat.update", { kind: "rate_limited", retryAfterSeconds: 8 });
    await slackActions(t).mention({ channel: "C0RB7", text: "fix the header" });
    await eventually("the refused edit", () => slack.calls.some((c) => c.outcome.kind === "rate_limited"));
    const page = await eventually("the front page's word", async () => {
      const html = await (await fetch(`${t.url}/`)).text();
      return html.includes("rate-limiting Baton") && html;
    });
    expect(page).toContain("slack:chat.update");
    const metrics = await (await fetch(`${t.url}/metrics`)).text();
    expect(metrics).toMatch(
      /baton_platform_rate_limited_total\{platform="slack",budget="slack:chat.update"\} 1/,
    );
    // The turn's first edit waits out the pause, then the turn runs and ends as usual.
    const run = await eventually(
      "the turn running on one of the workers",
      () => [...agents[0]!.runs, ...agents[1]!.runs].at(0),
      30_000,
    );
    run.finish();
    await eventually("the result", () =>
      callsIn(t, "chat.postMessage", "C0RB7").find((c) => textOf(c).includes("finished: fix the header")),
    );
  }, 60_000);
});
