import type { Catalog, CatalogSource, LearnedRoutingStore, Logger, RedisKeys } from "@baton/core";
import { acceptLearnedMapping, createPickResolver } from "@baton/core";
import type { Redis } from "ioredis";
import type { PermissionCheck } from "../access/create-permission-check.js";
import type { GithubTrigger } from "../inbound/github-trigger.js";
import type { InstallationOctokits } from "../octokit/create-installation-octokits.js";
import { DECLINED_NOTICE_TTL_MS } from "../replier/create-github-replier.js";
import { githubPlaceKey } from "../routing/github-routing-place.js";

interface Answer {
  /** Nothing changed: told to the person once a day per issue. */
  refused: boolean;
  body: string;
}

/** Runs `@baton always <target>`, the answer to Baton's offer to keep a repository's habit. */
export type AnswerGithubMappingOffer = (targetRef: string, trigger: GithubTrigger) => Promise<void>;

const NOT_APPROVER =
  "only the people the catalog lists under `learning.approvers` (or, when it lists nobody, people with write access to this repository) may change routing here.";

/**
 * Accepting is for the catalog's `learning.approvers`, or, when it lists nobody, the repository's
 * writers (asked of GitHub, as for starting a session). Only the target Baton offered, the one the
 * repository's issues keep moving to, can be accepted: `always` does not write arbitrary routing.
 * Every answer gets a comment, so that a refused person knows why nothing changed.
 */
export function createGithubMappingOfferAnswerer({
  catalog,
  catalogSource,
  store,
  permissions,
  octokits,
  redis,
  keys,
  logger,
}: {
  catalog: Catalog;
  /** What discovery lists: an offer of a repository only it knows may be accepted. */
  catalogSource?: CatalogSource;
  store: Pick<LearnedRoutingStore, "read" | "accept">;
  permissions: PermissionCheck;
  octokits: InstallationOctokits;
  /** Where a refusal is remembered: told once a day per person and issue, however often they ask. */
  redis: Redis;
  keys: RedisKeys;
  logger: Logger;
}): AnswerGithubMappingOffer {
  const log = logger.child({ component: "bots.github.learning" });
  const resolve = createPickResolver(catalog, catalogSource);

  async function outcomeText(targetRef: string, trigger: GithubTrigger): Promise<Answer> {
    const { place, actor } = trigger;
    const repo = `${place.owner}/${place.repo}`;
    const placeKey = githubPlaceKey(repo);
    const learned = await store.read(placeKey);
    const offered = learned?.offered.find((ref) => ref.toLowerCase() === targetRef.toLowerCase());
    if (!offered) {
      log.info("bots.github.mapping_offer_answered", { repo, outcome: "not_offered" });
      return {
        refused: true,
        body: `@${actor.login} Baton has not offered ${targetRef} for ${repo}: nothing changed.`,
      };
    }
    const permission = await permissions.canWrite({
      installationId: place.installationId,
      repo,
      login: actor.login,
    });
    const outcome = await acceptLearnedMapping({
      store,
      settings: catalog.learning,
      resolve,
      placeKey,
      targetRef: offered,
      userId: actor.login,
      allowedInPlace: permission.canWrite,
    });
    log.info("bots.github.mapping_offer_answered", { repo, outcome: outcome.kind });
    switch (outcome.kind) {
      case "accepted":
        return {
          refused: false,
          body: `@${actor.login} made ${offered} the default environment of ${repo}'s issues. \`baton catalog forget ${placeKey}\` undoes it.`,
        };
      case "not_approver":
        return { refused: true, body: `@${actor.login} ${NOT_APPROVER}` };
      default:
        return {
          refused: true,
          body: `@${actor.login} This offer is out of date: Baton no longer knows that choice.`,
        };
    }
  }

  return async function answerMappingOffer(targetRef, trigger) {
    const { refused, body } = await outcomeText(targetRef, trigger);
    const { place, actor } = trigger;
    if (refused) {
      const key = keys.scoped(
        "github",
        "offer-refused",
        githubPlaceKey(`${place.owner}/${place.repo}`),
        String(place.number),
        actor.login.toLowerCase(),
      );
      if ((await redis.set(key, "1", "PX", DECLINED_NOTICE_TTL_MS, "NX")) === null) {
        log.info("bots.github.mapping_offer_refusal_quiet", { repo: `${place.owner}/${place.repo}` });
        return;
      }
    }
    const octokit = await octokits.forInstallation(place.installationId);
    await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      owner: place.owner,
      repo: place.repo,
      issue_number: place.number,
      body,
    });
  };
}
