export interface ClusterNodes {
  nodes: Array<{ host: string; port: number }>;
  username?: string;
  password?: string;
  tls: boolean;
}

const DEFAULT_REDIS_PORT = 6379;

/**
 * REDIS_CLUSTER_NODES: the seed nodes of a Redis Cluster, comma-separated, each `host:port` or a
 * `redis://` / `rediss://` URL (whose user and password, if any, are used for every node; a
 * `rediss://` seed turns TLS on). Any reachable seed is enough: the client learns the rest.
 */
export function parseClusterNodes(value: string): ClusterNodes {
  const result: ClusterNodes = { nodes: [], tls: false };
  for (const entry of value.split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    const url = new URL(/^rediss?:\/\//.test(entry) ? entry : `redis://${entry}`);
    if (url.protocol === "rediss:") result.tls = true;
    if (url.username) result.username = decodeURIComponent(url.username);
    if (url.password) result.password = decodeURIComponent(url.password);
    result.nodes.push({
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : DEFAULT_REDIS_PORT,
    });
  }
  if (result.nodes.length === 0) throw new Error("REDIS_CLUSTER_NODES names no node.");
  return result;
}
