import { createServer } from "node:net";

export interface GetFreePortOptions {
  host?: string;
}

/**
 * Asks the OS for a TCP port that is free right now, by listening on port 0 and closing again.
 * Another process can take the port before it is reused, so prefer `listen(0)` wherever the code
 * under test allows it; use this only for servers that need their port known before they start.
 *
 * @example
 * const port = await getFreePort();
 * const gateway = await startGateway({ port });
 */
export function getFreePort({ host = "127.0.0.1" }: GetFreePortOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close(() => reject(new Error(`getFreePort could not read a TCP address for ${host}.`)));
        return;
      }
      server.close((error) => (error ? reject(error) : resolve(address.port)));
    });
  });
}
