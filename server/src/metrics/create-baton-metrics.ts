import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { HttpRoute } from "../gateway/http-route.js";
import { type Counter, createMetricsRegistry, type Histogram } from "./metrics-registry.js";

const HTTP_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const TURN_SECONDS_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800];
const TURN_JOB_STATES = ["waiting", "active", "delayed", "failed"] as const;

export interface BatonMetrics {
  /** Counts and times every gateway answer, by route pattern (never the raw path: share ids are secrets). */
  httpRequests: { counter: Counter; seconds: Histogram };
  /** Counts and times turns by how they ended. */
  turns: { counter: Counter; seconds: Histogram };
  route: HttpRoute;
}

/**
 * Baton's metrics, scraped at `GET /metrics`: HTTP traffic and turn outcomes of this process, and
 * the queue's depths read from Redis at scrape time (they are the same from every process).
 */
export function createBatonMetrics({
  redis,
  turns,
  intakeStream,
}: {
  redis: Redis;
  turns: Queue;
  intakeStream: string;
}): BatonMetrics {
  const registry = createMetricsRegistry();
  const metrics: Omit<BatonMetrics, "route"> = {
    httpRequests: {
      counter: registry.counter("baton_http_requests_total", "Gateway answers by route, method and status."),
      seconds: registry.histogram(
        "baton_http_request_duration_seconds",
        "Time from request to answer, by route.",
        HTTP_SECONDS_BUCKETS,
      ),
    },
    turns: {
      counter: registry.counter(
        "baton_turns_finished_total",
        "Turns run by this process, by how they ended.",
      ),
      seconds: registry.histogram(
        "baton_turn_duration_seconds",
        "Time a turn ran, by how it ended.",
        TURN_SECONDS_BUCKETS,
      ),
    },
  };
  registry.gauge("baton_turn_jobs", "Turn jobs in the queue, by state.", async () => {
    const counts = await turns.getJobCounts(...TURN_JOB_STATES);
    return TURN_JOB_STATES.map((state) => ({ labels: { state }, value: counts[state] ?? 0 }));
  });
  registry.gauge("baton_intake_backlog", "Accepted deliveries not yet queued as turns.", async () => [
    { labels: {}, value: await redis.xlen(intakeStream) },
  ]);
  return {
    ...metrics,
    route: {
      method: "GET",
      path: "/metrics",
      async handle(_request, response) {
        const body = await registry.render();
        response
          .writeHead(200, {
            "content-type": "text/plain; version=0.0.4; charset=utf-8",
            "cache-control": "no-store",
          })
          .end(body);
      },
    },
  };
}
