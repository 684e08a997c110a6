import type { AddressInfo } from "node:net";
import type { HttpRoute, Logger } from "@baton/core";
import { createGateway } from "../gateway/create-gateway.js";
import { listen } from "../gateway/listen.js";

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `/metrics` on an address of its own (BATON_METRICS_PORT, loopback by default), so that the
 * public port never serves it; a worker-only process gets a scrape target this way too.
 */
export async function startMetricsServer({
  route,
  port,
  host,
  logger,
}: {
  route: HttpRoute;
  port: number;
  host: string;
  logger: Logger;
}): Promise<MetricsServer> {
  const server = createGateway({ routes: [route], logger });
  await listen(server, port, host);
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
