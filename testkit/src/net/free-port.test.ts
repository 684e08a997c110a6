import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { getFreePort } from "./free-port.js";

describe("getFreePort", () => {
  it("returns a port a server can then listen on", async () => {
    const port = await getFreePort();
    expect(port).toBeGreaterThan(0);

    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
