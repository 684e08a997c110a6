import { silentLogger } from "@baton/core";
import type { FakeGithub } from "@baton/testkit";
import {
  createInstallationOctokits,
  type GithubAppOptions,
} from "../src/octokit/create-installation-octokits.js";

/** The App's Octokits, as Baton builds them, pointed at a fake GitHub (with its App's credentials). */
export function octokitsForFakeGithub(
  github: FakeGithub,
  options: Pick<GithubAppOptions, "writeMinIntervalMs" | "budgets" | "retryAfterUnitMs"> = {},
) {
  return createInstallationOctokits({
    appId: String(github.app.appId),
    privateKey: github.app.privateKey,
    webhookSecret: github.app.webhookSecret,
    apiUrl: github.url,
    logger: silentLogger,
    ...options,
  });
}
