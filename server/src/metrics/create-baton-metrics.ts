import type { HttpRoute } from "@baton/core";
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { Counter, Histogram, type Registry } from "prom-client";
import { registerQueueGauges } from "./register-queue-gauges.js";

const HTTP_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const TURN_SECONDS_BUCKETS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800];
/** The acknowledgement's promise is "within a second"; the buckets are finest around it. */
const ACK_SECONDS_BUCKETS = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30];

export interface BatonMetrics {
  registry: Registry;
  /** Counts and times every gateway answer, by route pattern (never the raw path: share ids are secrets). */
  httpRequests: {
    counter: Counter<"route" | "method" | "status">;
    seconds: Histogram<"route">;
  };
  /** Counts and times turns by how they ended. */
  turns: { counter: Counter<"status">; seconds: Histogram<"status"> };
  /** From the request's arrival at the gateway to the acknowledgement posted by the dispatcher. */
  ackSeconds: Histogram<"platform">;
  /** The classifier's decisions, by the step of its ladder that made them. */
  classifierDecisions: Counter<"step">;
  /** Replier calls that threw: retried (the turn is tried again) or failed for good. */
  replies: { failed: Counter<"platform" | "method">; retried: Counter<"platform" | "method"> };
  route: HttpRoute;
}

/**
 * Baton's metrics on the registry of this Baton (never prom-client's global one: several Batons
 * may share a process, as they do in tests), scraped at `GET /metrics`: traffic, turns,
 * acknowledgements, classifier steps and replies of this process, and the queue's depths and age
 * read from Redis at scrape time (they are the same from every process).
 */
export function createBatonMetrics({
  registry,
  redis,
  turns,
  intakeStream,
}: {
  registry: Registry;
  redis: Redis;
  turns: Queue;
  intakeStream: string;
}): BatonMetrics {
  const registers = [registry];
  registerQueueGauges({ registers, redis, turns, intakeStream });

  return {
    registry,
    httpRequests: {
      counter: new Counter({
        name: "baton_http_requests_total",
        help: "Gateway answers by route, method and status.",
        labelNames: ["route", "method", "status"],
        registers,
      }),
      seconds: new Histogram({
        name: "baton_http_request_duration_seconds",
        help: "Time from request to answer, by route.",
        labelNames: ["route"],
        buckets: HTTP_SECONDS_BUCKETS,
        registers,
      }),
    },
    turns: {
      counter: new Counter({
        name: "baton_turns_finished_total",
        help: "Turns run by this process, by how they ended.",
        labelNames: ["status"],
        registers,
      }),
      seconds: new Histogram({
        name: "baton_turn_duration_seconds",
        help: "Time a turn ran, by how it ended.",
        labelNames: ["status"],
        buckets: TURN_SECONDS_BUCKETS,
        registers,
      }),
    },
    ackSeconds: new Histogram({
      name: "baton_ack_latency_seconds",
      help: "Time from a request's arrival to its acknowledgement (the 👀 or thought a platform shows first), by platform.",
      labelNames: ["platform"],
      buckets: ACK_SECONDS_BUCKETS,
      registers,
    }),
    classifierDecisions: new Counter({
      name: "baton_classifier_decisions_total",
      help: "Classifier decisions by the step that made them (explicit, rule, mapping, only, llm, lexical, ask, …).",
      labelNames: ["step"],
      registers,
    }),
    replies: {
      failed: new Counter({
        name: "baton_replies_failed_total",
        help: "Replies to a platform that failed for good, by platform and replier method.",
        labelNames: ["platform", "method"],
        registers,
      }),
      retried: new Counter({
        name: "baton_replies_retried_total",
        help: "Replies to a platform that failed in a way worth retrying (the turn is tried again), by platform and replier method.",
        labelNames: ["platform", "method"],
        registers,
      }),
    },
    route: {
      method: "GET",
      path: "/metrics",
      async handle(_request, response) {
        const body = await registry.metrics();
        response
          .writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" })
          .end(body);
      },
    },
  };
}
