import {
  acceptLearnedMapping,
  type Catalog,
  createTargetResolver,
  type LearnedRoutingStore,
  type Logger,
} from "@baton/core";
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { SlackSessionCheck } from "../access/create-slack-session-check.js";
import {
  MAPPING_ACCEPT_ACTION_ID,
  MAPPING_DISMISS_ACTION_ID,
  parseMappingOfferValue,
} from "../blocks/mapping-offer-blocks.js";

export interface MappingOfferActionsOptions {
  app: App;
  catalog: Catalog;
  store: Pick<LearnedRoutingStore, "read" | "accept">;
  /** The quiet access check: may this person start sessions in the channel? */
  mayStartSessions: SlackSessionCheck;
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
  store,
  mayStartSessions,
  logger,
}: MappingOfferActionsOptions): void {
  const log = logger.child({ component: "bots.slack.learning" });
  const resolve = createTargetResolver(catalog);

  app.action<BlockAction<ButtonAction>>(MAPPING_ACCEPT_ACTION_ID, async ({ ack, body, action, respond }) => {
    await ack();
    const offer = parseMappingOfferValue(action.value);
    const channelId = body.channel?.id;
    const teamId = body.team?.id ?? body.user.team_id;
    if (!offer || !channelId || !teamId) return;
    const allowedInPlace = await mayStartSessions({ teamId, channelId, userId: body.user.id });
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
      await respond({
        replace_original: true,
        text: `<@${body.user.id}> made ${offer.targetRef} the mapping of ${outcome.place.label}. \`baton catalog forget ${offer.placeKey}\` undoes it.`,
      });
      return;
    }
    await respond({
      response_type: "ephemeral",
      replace_original: false,
      text:
        outcome.kind === "not_approver"
          ? "Only the people the catalog lists under `learning.approvers` may change routing here."
          : "This offer is out of date: Baton no longer knows that choice.",
    });
  });

  app.action<BlockAction<ButtonAction>>(MAPPING_DISMISS_ACTION_ID, async ({ ack, body, respond }) => {
    await ack();
    await respond({
      replace_original: true,
      text: `<@${body.user.id}> left routing as it is. Baton keeps learning from the choices made here.`,
    });
  });
}
