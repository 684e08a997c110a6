import type { FakeControlPlaneRoute } from "./fake-control-plane-types.js";

/** A route's answer: its status and JSON body. */
export interface RouteAnswer {
  status: number;
  body: unknown;
}

export interface RoutedRequest {
  route: FakeControlPlaneRoute | "unknown";
  run(): RouteAnswer;
}

/** The control plane's error body: `{ error, …extra }`. */
export function errorAnswer(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): RouteAnswer {
  return { status, body: { error: message, ...extra } };
}
