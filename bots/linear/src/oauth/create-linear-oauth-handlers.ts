import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "@baton/core";
import { LinearClient } from "@linear/sdk";
import { createLinearApi } from "../client/create-linear-api.js";
import type { LinearOAuthClient } from "./linear-oauth-client.js";
import { linearInstallUrl } from "./linear-oauth-settings.js";
import type { LinearTokenStore } from "./linear-token-store.js";
import { createOAuthState, isValidOAuthState } from "./oauth-state.js";

export interface LinearOAuthHandlersOptions {
  clientId: string;
  clientSecret: string;
  /** `BATON_PUBLIC_URL` + `/linear/oauth/callback`, exactly as entered in the OAuth app. */
  redirectUri: string;
  oauth: LinearOAuthClient;
  tokens: LinearTokenStore;
  /** `access.linear.organizations`: when it lists any, other workspaces are not installed. */
  allowedOrganizations?: readonly string[];
  apiUrl?: string;
  logger: Logger;
  now?: () => number;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

function page(response: ServerResponse, status: number, title: string, text: string): void {
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`;
  response
    .writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "content-length": Buffer.byteLength(html),
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'",
    })
    .end(html);
}

/**
 * The app installation: `GET /linear/oauth/install` sends the person to Linear's consent page
 * (`actor=app`, the agent scopes, a signed `state`); `GET /linear/oauth/callback` exchanges the code,
 * asks Linear which workspace it is, and stores the tokens encrypted under that workspace.
 */
export function createLinearOAuthHandlers(options: LinearOAuthHandlersOptions): {
  install: Handler;
  callback: Handler;
} {
  const { clientId, clientSecret, redirectUri, oauth, tokens, apiUrl, logger } = options;
  const now = options.now ?? Date.now;
  const log = logger.child({ component: "bots.linear.oauth" });

  return {
    async install(_request, response) {
      const location = linearInstallUrl({
        clientId,
        redirectUri,
        state: createOAuthState(clientSecret, now()),
      });
      response.writeHead(302, { location, "cache-control": "no-store" }).end();
    },
    async callback(request, response) {
      const query = new URL(request.url ?? "/", "http://baton").searchParams;
      const denied = query.get("error");
      if (denied) {
        log.warn("bots.linear.install_refused", { reason: "denied", error: denied });
        return page(response, 400, "Baton was not installed", "The installation was cancelled in Linear.");
      }
      const code = query.get("code");
      const state = query.get("state");
      if (!code || !state || !isValidOAuthState(clientSecret, state, now())) {
        log.warn("bots.linear.install_refused", { reason: code ? "bad_state" : "missing_code" });
        return page(
          response,
          400,
          "Baton was not installed",
          "This link is not valid any more. Start the installation again.",
        );
      }
      const exchanged = await oauth.exchangeCode(code, redirectUri);
      if (exchanged.kind === "refused") {
        log.warn("bots.linear.install_refused", { reason: "code_refused", error: exchanged.error });
        return page(
          response,
          400,
          "Baton was not installed",
          "Linear refused the authorization code. Start the installation again.",
        );
      }
      const { grant } = exchanged;
      const client = new LinearClient({ accessToken: grant.accessToken, apiUrl });
      const viewer = await createLinearApi({
        clients: { refreshable: false, clientFor: async () => client },
        organizationId: "",
      }).viewer();
      const allowed = options.allowedOrganizations ?? [];
      if (allowed.length > 0 && !allowed.includes(viewer.organization.id)) {
        log.warn("bots.linear.install_refused", {
          reason: "organization_not_allowed",
          organization_id: viewer.organization.id,
        });
        return page(
          response,
          403,
          "Baton was not installed",
          `Baton is not available to ${viewer.organization.name}. Ask whoever runs Baton to add this workspace (its id is ${viewer.organization.id}).`,
        );
      }
      await tokens.save({
        organizationId: viewer.organization.id,
        organizationName: viewer.organization.name,
        accessToken: grant.accessToken,
        refreshToken: grant.refreshToken,
        expiresAt: grant.expiresAt,
        scope: grant.scope,
        installedAt: new Date(now()).toISOString(),
      });
      log.info("bots.linear.installed", { organization_id: viewer.organization.id, app_user_id: viewer.id });
      page(
        response,
        200,
        "Baton is installed",
        `Baton is now an agent in ${viewer.organization.name}. Assign or delegate an issue to it, or mention it in a comment.`,
      );
    },
  };
}
