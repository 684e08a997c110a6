import type { FakeSlackMethod } from "./fake-slack-method.js";

/** Methods that take an app-level token (`xapp-…`) rather than a bot token. */
export const APP_TOKEN_METHODS: ReadonlySet<string> = new Set(["apps.connections.open"]);

/** `apps.*`: Socket Mode's connection handshake. */
export const appMethods: Record<string, FakeSlackMethod> = {
  "apps.connections.open": ({ socketMode }) => ({ ok: true, url: socketMode.openLink() }),
};
