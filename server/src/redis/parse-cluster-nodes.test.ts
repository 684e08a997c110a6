import { describe, expect, it } from "vitest";
import { parseClusterNodes } from "./parse-cluster-nodes.js";

describe("parseClusterNodes", () => {
  it("reads host:port seeds, and credentials and TLS from URL seeds", () => {
    expect(parseClusterNodes("10.0.0.1:7000, 10.0.0.2:7001,")).toEqual({
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "10.0.0.2", port: 7001 },
      ],
      tls: false,
    });
    expect(parseClusterNodes("rediss://baton:s%40cret@redis-a.internal,redis-b.internal:6380")).toEqual({
      nodes: [
        { host: "redis-a.internal", port: 6379 },
        { host: "redis-b.internal", port: 6380 },
      ],
      username: "baton",
      password: "s@cret",
      tls: true,
    });
  });

  it("refuses a list without nodes", () => {
    expect(() => parseClusterNodes(" , ")).toThrow("REDIS_CLUSTER_NODES names no node.");
  });
});
