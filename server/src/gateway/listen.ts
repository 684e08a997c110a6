import type { Server } from "node:http";

/** Starts listening; rejects when the port cannot be bound (taken, no permission). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
