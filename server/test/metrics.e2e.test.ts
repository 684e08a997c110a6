import { createRecordingLogger, startFakeSlack } from "@baton/testkit";
import { createTestRedis } from "@baton/testkit/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { startBaton } from "../src/start-baton.js";
import { callsIn, eventually, slackActions } from "./fixtures/slack-test-actions.js";
import {
  startTestBaton,
  TEST_BOT_TOKEN,
  TEST_SIGNING_SECRET,
  type TestBaton,
} from "./fixtures/start-test-baton.js";

const CATALOG = `
repositories:
  - repo: acme/web
    description: Customer-facing storefront
  - repo: acme/api
    description: Public REST API
routing:
  - keywords: [checkout]
    target: acme/web
`;

const COMPLETED = 'baton_turns_finished_total{status="completed"}';

/** Scrapes until `series` reaches `value` (a turn's reply is posted just before its job completes). */
async function scrapeUntil(url: string, series: string, value: number): Promise<string> {
  let text = "";
  for (let tries = 0; tries < 200; tries++) {
    text = await (await fetch(`${url}/metrics`)).text();
    if (sample(text, series) === value) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return text;
}

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics after real traffic", () => {
  let t: TestBaton | undefined;
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const close of closers.splice(0).reverse()) await close();
  });

  it("counts acknowledgements by platform, classifier steps, replies retried and failed, and the queue's age", async () => {
    t = await startTestBaton({ catalogYaml: CATALOG });
    const slack = slackActions(t);
    const baton = t;

    // A routing rule picks the target; the 👀 and the plan reply arrive.
    await slack.mention({ channel: "C0RULE", text: "fix the checkout button" });
    await scrapeUntil(t.url, COMPLETED, 1);

    // Slack refuses the 👀 for good (a platform error), and answers the question with 503s until
    // WebClient gives up: that reply is retried with the turn, which then finishes.
    t.slack.failNext("reactions.add", { kind: "error", error: "channel_not_found" });
    t.slack.failNext("chat.postMessage", { kind: "http", status: 503 }, 10);
    await slack.mention({ channel: "C0FLAKY", text: "something about nothing in particular" });
    await eventually(
      "the question after the retry",
      () => callsIn(baton, "chat.postMessage", "C0FLAKY").find((c) => c.outcome.kind === "ok"),
      20_000,
    );

    const metrics = await scrapeUntil(t.url, COMPLETED, 2);
    expect(sample(metrics, 'baton_ack_latency_seconds_count{platform="slack"}')).toBe(1);
    expect(sample(metrics, 'baton_ack_latency_seconds_bucket{le="+Inf",platform="slack"}')).toBe(1);
    expect(sample(metrics, 'baton_classifier_decisions_total{step="rule"}')).toBe(1);
    // The retried turn classified again: every decision counts.
    expect(sample(metrics, 'baton_classifier_decisions_total{step="ask"}')).toBe(2);
    expect(sample(metrics, 'baton_replies_failed_total{platform="slack",method="acknowledge"}')).toBe(1);
    expect(sample(metrics, 'baton_replies_retried_total{platform="slack",method="ask"}')).toBe(1);
    expect(sample(metrics, 'baton_queue_oldest_waiting_seconds{queue="intake"}')).toBe(0);
    expect(sample(metrics, 'baton_queue_oldest_waiting_seconds{queue="turns"}')).toBe(0);
    // What was there before is still there, under the same names.
    expect(
      sample(metrics, 'baton_http_requests_total{route="/slack/events",method="POST",status="200"}'),
    ).toBe(2);
    expect(sample(metrics, COMPLETED)).toBe(2);
    expect(sample(metrics, 'baton_turn_jobs{state="waiting"}')).toBe(0);
    expect(sample(metrics, "baton_intake_backlog")).toBe(0);
  });

  it("shows the age of the oldest waiting turn while no worker takes it", async () => {
    // A gateway alone: accepted requests wait on the intake stream for a dispatcher.
    const redis = await createTestRedis("metrics");
    closers.push(() => redis.cleanup());
    const fakeSlack = await startFakeSlack();
    closers.push(() => fakeSlack.close());
    const gateway = await startBaton({
      mode: "gateway",
      logger: createRecordingLogger(),
      env: {
        REDIS_URL: redis.url,
        BATON_REDIS_PREFIX: redis.prefix,
        PORT: "0",
        HOST: "127.0.0.1",
        BATON_CONFIG: "does-not-exist.yaml",
        BATON_SHARE_KEY: "test-share-link-key-0123456789abcdefghij",
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: TEST_BOT_TOKEN,
        SLACK_API_URL: fakeSlack.url,
      },
    });
    closers.push(() => gateway.close());
    const actions = slackActions({ url: gateway.url! } as TestBaton);
    await actions.mention({ channel: "C0WAIT", text: "anything" });
    // The stream id carries the time of arrival; a second later the oldest entry is a second old.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(sample(metrics, "baton_intake_backlog")).toBe(1);
    expect(sample(metrics, 'baton_queue_oldest_waiting_seconds{queue="intake"}')).toBeGreaterThanOrEqual(1);
  });

  it("a worker process serves its own metrics on BATON_WORKER_METRICS_PORT", async () => {
    const redis = await createTestRedis("metrics");
    closers.push(() => redis.cleanup());
    const fakeSlack = await startFakeSlack();
    closers.push(() => fakeSlack.close());
    const env = {
      REDIS_URL: redis.url,
      BATON_REDIS_PREFIX: redis.prefix,
      HOST: "127.0.0.1",
      BATON_CONFIG: "does-not-exist.yaml",
      BATON_SHARE_KEY: "test-share-link-key-0123456789abcdefghij",
      BATON_SHUTDOWN_GRACE_MS: "2000",
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_BOT_TOKEN: TEST_BOT_TOKEN,
      SLACK_API_URL: fakeSlack.url,
    };
    const logger = createRecordingLogger();
    const gateway = await startBaton({ mode: "gateway", logger, env: { ...env, PORT: "0" } });
    closers.push(() => gateway.close());
    const worker = await startBaton({
      mode: "worker",
      logger,
      env: { ...env, BATON_WORKER_METRICS_PORT: "0" },
    });
    closers.push(() => worker.close());
    expect(gateway.workerMetricsUrl).toBeNull();
    expect(worker.url).toBeNull();
    expect(worker.workerMetricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    await slackActions({ url: gateway.url! } as TestBaton).mention({ channel: "C0SPLIT", text: "hello" });
    const fromWorker = await scrapeUntil(worker.workerMetricsUrl!, COMPLETED, 1);
    expect(sample(fromWorker, COMPLETED)).toBe(1);
    expect(sample(fromWorker, 'baton_ack_latency_seconds_count{platform="slack"}')).toBe(1);
    expect(sample(fromWorker, 'baton_classifier_decisions_total{step="only"}')).toBe(1);
    // The gateway saw the request; the turn ran elsewhere.
    const fromGateway = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(
      sample(fromGateway, 'baton_http_requests_total{route="/slack/events",method="POST",status="200"}'),
    ).toBe(1);
    expect(sample(fromGateway, COMPLETED)).toBeUndefined();
  });
});
