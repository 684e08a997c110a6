import {
  type Catalog,
  type ClaimDelivery,
  errorMessage,
  type Logger,
  type RequestIntake,
  type SteeringRule,
} from "@baton/core";
import type { App, BlockAction, ButtonAction, ExternalSelectAction, StaticSelectAction } from "@slack/bolt";
import type { SlackAccess } from "../access/create-slack-access.js";
import {
  PICK_ACTION_PREFIX,
  PICK_SEARCH_ACTION_ID,
  parsePickerBlockId,
  searchTargetOptions,
} from "../blocks/picker-blocks.js";
import { CHANGE_TARGET_ACTION_ID, parseStopValue, STOP_ACTION_ID } from "../blocks/working-blocks.js";
import type { SlackControls } from "../controls/create-slack-controls.js";
import { slackChannelTargets } from "../policy/slack-policy.js";
import { slackErrorCode } from "../replier/slack-error-code.js";
import { buildSlackRequest } from "./build-slack-request.js";
import type { SlackIdentity } from "./parse-slack-event.js";
import { readSlackForwards } from "./read-slack-forwards.js";
import { slackConversation, slackConversationTeam } from "./slack-conversation.js";
import { slackMessageAttachmentSchema } from "./slack-envelope.js";

export const SLASH_COMMAND = "/baton";
export const SEND_TO_BATON_CALLBACK_ID = "send_to_baton";

export interface SlackInteractionsOptions {
  app: App;
  catalog: Catalog;
  intake: RequestIntake;
  controls: SlackControls;
  /** `/baton` claims its trigger before it posts the thread's root message. */
  claimDelivery: ClaimDelivery;
  /** The access policy, checked before `/baton` or the shortcut does anything. */
  access: SlackAccess;
  /** The channel's steering policy goes with a request into a thread, so that intake can decline it at once. */
  steering: Pick<SteeringRule, "policyFor">;
  identity: SlackIdentity;
  logger: Logger;
  now?: () => Date;
}

/**
 * Bolt listeners for everything that is not an Events API event: the Stop and Change target
 * buttons, the picker (buttons, selects, search), `/baton`, and the "Send to Baton" shortcut.
 * Each acknowledges first: Slack wants an answer within 3 seconds.
 */
export function registerSlackInteractions({
  app,
  catalog,
  intake,
  controls,
  claimDelivery,
  access,
  steering,
  identity,
  logger,
  now = () => new Date(),
}: SlackInteractionsOptions): void {
  const log = logger.child({ component: "bots.slack.interactions" });

  app.action<BlockAction<ButtonAction>>(STOP_ACTION_ID, async ({ ack, body, action }) => {
    await ack();
    const conversation = parseStopValue(action.value ?? "", teamOfInteraction(body));
    if (!conversation) {
      log.warn("bots.slack.stop_value_unreadable", { action_id: action.action_id });
      return;
    }
    // The button is on a message everyone in the channel sees: whom the policy refuses, it refuses here too.
    const admitted = await access({
      deliveryId: `stop.${body.trigger_id}`,
      teamId: body.team?.id ?? conversation.teamId,
      enterpriseId: body.enterprise?.id,
      userTeamId: body.user.team_id,
      home: identity,
      channelId: conversation.channelId,
      directMessage: conversation.channelId.startsWith("D"),
      userId: body.user.id,
      threadTs: conversation.threadTs,
    });
    if (!admitted) return;
    await controls.stop({ conversation, userId: body.user.id, source: "button" });
  });

  app.action<BlockAction<ButtonAction>>(CHANGE_TARGET_ACTION_ID, async ({ ack, body, action }) => {
    await ack();
    if (action.value) await controls.openPicker({ turnId: action.value, userId: body.user.id });
  });

  app.action<BlockAction<ButtonAction | StaticSelectAction | ExternalSelectAction>>(
    { action_id: new RegExp(`^${PICK_ACTION_PREFIX}`) },
    async ({ ack, body, action }) => {
      await ack();
      const picker = parsePickerBlockId(action.block_id);
      const targetRef = action.type === "button" ? action.value : action.selected_option?.value;
      if (!picker || !targetRef) return;
      await controls.pick({ ...picker, targetRef, userId: body.user.id });
      log.info("bots.slack.target_picked", { turn_id: picker.turnId, mode: picker.mode });
    },
  );

  app.options(PICK_SEARCH_ACTION_ID, async ({ ack, options }) => {
    const allowed = options.channel ? slackChannelTargets(catalog, options.channel.id) : null;
    await ack({ options: searchTargetOptions(catalog, options.value ?? "", allowed) });
  });

  app.command(SLASH_COMMAND, async ({ ack, command, client, respond }) => {
    const text = command.text.trim();
    if (!text) {
      await ack({
        response_type: "ephemeral",
        text: "Tell me what to do: `/baton fix the flaky login test`.",
      });
      return;
    }
    await ack();
    const deliveryId = `command.${command.trigger_id}`;
    const admitted = await access({
      deliveryId,
      teamId: command.team_id,
      enterpriseId: command.enterprise_id,
      userTeamId: command.team_id,
      home: identity,
      channelId: command.channel_id,
      directMessage: command.channel_name === "directmessage",
      userId: command.user_id,
    });
    if (!admitted) return;
    // Claimed before the root message is posted: a replayed command posts nothing a second time.
    if (!(await claimDelivery("slack", deliveryId))) {
      log.info("bots.slack.command_replayed", { delivery_id: deliveryId });
      return;
    }
    try {
      // The command's work needs a thread to live in: a message saying who asked for what.
      const root = await client.chat.postMessage({
        channel: command.channel_id,
        text: `<@${command.user_id}> asked Baton: ${text}`,
      });
      if (!root.ts) return;
      const message = {
        conversation: slackConversation(
          slackConversationTeam({ enterpriseId: command.enterprise_id, teamId: command.team_id }) ??
            command.team_id,
          command.channel_id,
          root.ts,
        ),
        userId: command.user_id,
        text,
        messageTs: root.ts,
        channelType: command.channel_name === "directmessage" ? "im" : "channel",
        files: [],
        forwards: [],
      };
      await intake(buildSlackRequest({ message, deliveryId, receivedAt: now() }));
    } catch (error) {
      const code = slackErrorCode(error);
      log.warn("bots.slack.command_failed", { error: errorMessage(error), code });
      await respond({
        response_type: "ephemeral",
        text:
          code === "not_in_channel" || code === "channel_not_found"
            ? "I am not in this channel: invite me with `/invite @baton`, then try again."
            : "Baton could not start this request. Please try again in a moment.",
      });
    }
  });

  app.shortcut(SEND_TO_BATON_CALLBACK_ID, async ({ ack, shortcut }) => {
    await ack();
    if (shortcut.type !== "message_action") return;
    const { message, channel, user } = shortcut;
    const team = teamOfInteraction(shortcut);
    if (!message.ts || !team) return;
    const deliveryId = `shortcut.${shortcut.trigger_id}`;
    const admitted = await access({
      deliveryId,
      teamId: team,
      enterpriseId: shortcut.enterprise?.id,
      userTeamId: user.team_id,
      home: identity,
      channelId: channel.id,
      directMessage: channel.id.startsWith("D"),
      userId: user.id,
      threadTs: message.thread_ts ?? message.ts,
    });
    if (!admitted) return;
    const request = buildSlackRequest({
      message: {
        conversation: slackConversation(team, channel.id, message.thread_ts ?? message.ts),
        userId: user.id,
        text: message.text ?? "",
        messageTs: message.ts,
        channelType: "channel",
        files: [],
        // "Send to Baton" on a forward: what it forwards is the request too.
        forwards: readSlackForwards(slackMessageAttachmentSchema.array().catch([]).parse(message.attachments))
          .forwards,
      },
      deliveryId,
      receivedAt: now(),
    });
    await intake(request, { steering: steering.policyFor(request.conversation) });
    log.info("bots.slack.shortcut_accepted", { delivery_id: deliveryId, turn_id: request.id });
  });
}

/** Interactions name the org as `enterprise`, the workspace as `team` (null on org-wide installs) or `user.team_id`. */
function teamOfInteraction(body: {
  enterprise?: { id: string } | null;
  team?: { id: string } | null;
  user: { team_id?: string };
}): string | null {
  return slackConversationTeam({
    enterpriseId: body.enterprise?.id,
    teamId: body.team?.id ?? body.user.team_id,
  });
}
