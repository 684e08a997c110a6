import { describe, expect, it } from "vitest";
import { createMetricsRegistry } from "./metrics-registry.js";

describe("metrics registry", () => {
  it("renders counters, histograms and gauges in Prometheus's text format", async () => {
    const registry = createMetricsRegistry();
    const requests = registry.counter("app_requests_total", "Requests.");
    requests.inc({ route: "/a", status: "200" });
    requests.inc({ status: "200", route: "/a" }, 2);
    requests.inc({ route: 'we"ird\\path\n', status: "500" });
    const seconds = registry.histogram("app_seconds", "Time.", [0.1, 1]);
    seconds.observe({ route: "/a" }, 0.05);
    seconds.observe({ route: "/a" }, 0.5);
    seconds.observe({ route: "/a" }, 3);
    registry.gauge("app_depth", "Depth.", async () => [{ labels: { state: "waiting" }, value: 7 }]);

    expect((await registry.render()).split("\n")).toEqual([
      "# HELP app_requests_total Requests.",
      "# TYPE app_requests_total counter",
      'app_requests_total{route="/a",status="200"} 3',
      'app_requests_total{route="we\\"ird\\\\path\\n",status="500"} 1',
      "# HELP app_seconds Time.",
      "# TYPE app_seconds histogram",
      'app_seconds_bucket{route="/a",le="0.1"} 1',
      'app_seconds_bucket{route="/a",le="1"} 2',
      'app_seconds_bucket{route="/a",le="+Inf"} 3',
      'app_seconds_sum{route="/a"} 3.55',
      'app_seconds_count{route="/a"} 3',
      "# HELP app_depth Depth.",
      "# TYPE app_depth gauge",
      'app_depth{state="waiting"} 7',
      "",
    ]);
  });
});
