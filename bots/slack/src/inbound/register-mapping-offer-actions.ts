import {
  acceptLearnedMapping,
  type Catalog,
  type CatalogSource,
  createPickResolver,
  type LearnedRoutingStore,
  type Logger,
  mayChangeRouting,
} from "@baton/core";
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import { isSlackConnectExternal } from "../access/create-slack-access.js";
import type { SlackSessionCheck } from "../access/create-slack-session-check.js";
import {
  acceptedMappingMessage,
  MAPPING_ACCEPT_ACTION_ID,
  MAPPING_DISMISS_ACTION_ID,
  MAPPING_FORGET_ACTION_ID,
  parseMappingOfferValue,
} from "../blocks/mapping-offer-blocks.js";
import { slackPlaceKey } from "../routing/slack-routing-place.js";

const NOT_APPROVER = "Only the people the catalog lists under `learning.approvers` may change routing here.";

export interface MappingOfferActionsOptions {
  app: App;
  catalog: Catalog;
  /** What discovery lists: an offer of a repository only it knows may be accepted. */
  catalogSource?: CatalogSource;
  store: Pick<LearnedRoutingStore, "read" | "accept" | "forget">;
  /** The quiet access check: may this person start sessions in the channel? */
  mayStartSessions: SlackSessionCheck;
  /** The org or workspace Baton is installed in: a person from elsewhere is a Slack Connect external. */
  home?: { teamId?: string; enterpriseId?: string };
  logger: Logger;
}

/**
 * The buttons of Baton's offer to make a channel's habit its mapping. Accepting is for the
 * catalog's `learning.approvers` (anyone who may start sessions in the channel when none are
 * listed); the offer is replaced by what happened, and a refusal is told to the clicker alone.
 */
export function registerMappingOfferActions({
  app,
  catalog,
  catalogSource,
  store,
  mayStartSessions,
  home,
  logger,
}: MappingOfferActionsOptions): void {
  const log = logger.child({ component: "bots.slack.learning" });
  const resolve = createPickResolver(catalog, catalogSource);

  /** The offer a click answers, and whether its person may start sessions in the channel. */
  async function readClick(body: BlockAction<ButtonAction>, action: ButtonAction) {
    const offer = parseMappingOfferValue(action.value);
    const channelId = body.channel?.id;
    const teamId = body.team?.id ?? body.user.team_id;
    if (!offer || !channelId || !teamId) return null;
    // An offer changes the channel it was posted in, never another one.
    if (offer.placeKey !== slackPlaceKey(channelId)) {
      log.warn("bots.slack.mapping_offer_elsewhere", { place: offer.placeKey, channel_id: channelId });
      return null;
    }
    const external = isSlackConnectExternal({
      teamId,
      enterpriseId: body.enterprise?.id,
      userTeamId: body.user.team_id,
      home,
    });
    return {
      offer,
      allowedInPlace: await mayStartSessions({ teamId, channelId, userId: body.user.id, external }),
    };
  }

  app.action<BlockAction<ButtonAction>>(MAPPING_ACCEPT_ACTION_ID, async ({ ack, body, action, respond }) => {
    await ack();
    const click = await readClick(body, action);
    if (!click) return;
    const { offer, allowedInPlace } = click;
    const outcome = await acceptLearnedMapping({
      store,
      settings: catalog.learning,
      resolve,
      ...offer,
      userId: body.user.id,
      allowedInPlace,
    });
    log.info("bots.slack.mapping_offer_answered", { place: offer.placeKey, outcome: outcome.kind });
    if (outcome.kind === "accepted") {
      const message = acceptedMappingMessage(offer, {
        userId: body.user.id,
        placeLabel: outcome.place.label,
      });
      await respond({ replace_original: true, ...message });
      return;
    }
    await respond({
      response_type: "ephemeral",
      replace_original: false,
      text:
        outcome.kind === "not_approver"
          ? NOT_APPROVER
          : "This offer is out of date: Baton no longer knows that choice.",
    });
  });

  app.action<BlockAction<ButtonAction>>(MAPPING_FORGET_ACTION_ID, async ({ ack, body, action, respond }) => {
    await ack();
    const click = await readClick(body, action);
    if (!click) return;
    const { offer, allowedInPlace } = click;
    if (!mayChangeRouting(catalog.learning, body.user.id, allowedInPlace)) {
      await respond({ response_type: "ephemeral", replace_original: false, text: NOT_APPROVER });
      return;
    }
    const forgotten = await store.forget(offer.placeKey);
    log.info("bots.slack.learned_place_forgotten", { place: offer.placeKey, forgotten });
    await respond({
      replace_original: true,
      text: `<@${body.user.id}> made Baton forget what it learned here: it asks again until people's choices agree.`,
    });
  });

  app.action<BlockAction<ButtonAction>>(MAPPING_DISMISS_ACTION_ID, async ({ ack, body, action, respond }) => {
    await ack();
    // The offer is made once: whoever may not accept it must not take it away from those who may.
    const click = await readClick(body, action);
    if (!click) return;
    if (!mayChangeRouting(catalog.learning, body.user.id, click.allowedInPlace)) {
      await respond({ response_type: "ephemeral", replace_original: false, text: NOT_APPROVER });
      return;
    }
    await respond({
      replace_original: true,
      text: `<@${body.user.id}> left routing as it is. Baton keeps learning from the choices made here.`,
    });
  });
}
