import type { AddressInfo } from "node:net";
import { type HttpRoute, sendJson } from "@baton/core";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logging/create-logger.js";
import { createGateway } from "./create-gateway.js";

const servers: Array<{ close(callback: () => void): void }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(resolve))));
});

function answering(method: HttpRoute["method"], path: string, name: string): HttpRoute {
  return {
    method,
    path,
    handle: async (request, response, params) => {
      request.resume();
      sendJson(response, 200, { name, params });
    },
  };
}

async function serve(routes: HttpRoute[]): Promise<string> {
  const server = createGateway({ routes, logger: createLogger({ level: "silent" }) });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("createGateway", () => {
  it("routes a fixed path to the first route that matches it, as a scan of every route would", async () => {
    const url = await serve([
      answering("GET", "/hooks/:name", "get-param"),
      answering("POST", "/hooks/:name", "post-param-first"),
      answering("POST", "/hooks/slack", "post-fixed"),
      answering("GET", "/hooks/slack", "get-fixed-after-param"),
      answering("POST", "/other", "other"),
    ]);
    const post = await fetch(`${url}/hooks/slack`, { method: "POST", body: "{}" });
    expect(await post.json()).toEqual({ name: "post-param-first", params: { name: "slack" } });
    const get = await fetch(`${url}/hooks/slack?x=1`);
    expect(await get.json()).toEqual({ name: "get-param", params: { name: "slack" } });
    const other = await fetch(`${url}/other`, { method: "POST", body: "{}" });
    expect(await other.json()).toEqual({ name: "other", params: {} });
  });

  it("answers 405 when the path is served with another method, 404 when it is not served", async () => {
    const url = await serve([answering("POST", "/slack/events", "events")]);
    const wrongMethod = await fetch(`${url}/slack/events`);
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual({ error: "method_not_allowed" });
    const unknown = await fetch(`${url}/slack/event`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
  });
});
