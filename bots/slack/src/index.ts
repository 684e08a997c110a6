export { markdownToMrkdwn } from "./blocks/markdown-to-mrkdwn.js";
export { catalogTargets, pickerBlocks, searchTargetOptions } from "./blocks/picker-blocks.js";
export { resultMessages, SLACK_MAX_BLOCKS_PER_MESSAGE } from "./blocks/result-blocks.js";
export { SLACK_SECTION_TEXT_MAX_CHARS, splitForSections } from "./blocks/split-for-sections.js";
export { runSlackCommand, slackCommand } from "./cli/slack-command.js";
export {
  createSlackSteeringGuard,
  createSlackSteeringRule,
  DEFAULT_SLACK_STEERING,
} from "./controls/create-slack-steering-guard.js";
export { createSlackBot, type SlackBot, type SlackBotOptions } from "./create-slack-bot.js";
export { slackDoctorCheck } from "./doctor/slack-doctor-check.js";
export { parseSlackEvent, type SlackEventParse, type SlackIdentity } from "./inbound/parse-slack-event.js";
export { SEND_TO_BATON_CALLBACK_ID, SLASH_COMMAND } from "./inbound/register-slack-interactions.js";
export type { SlackEventOutcome, SlackEventRouter } from "./inbound/route-slack-event.js";
export {
  buildSlackManifest,
  SLACK_APP_NAME_MAX_CHARS,
  SLACK_BOT_EVENTS,
  SLACK_BOT_SCOPES,
  SLACK_EVENTS_PATH,
  type SlackManifest,
  type SlackManifestOptions,
} from "./manifest/build-slack-manifest.js";
export { slackCatalogOf } from "./policy/slack-catalog.js";
export { createSlackReplier, SLACK_PROGRESS_MIN_INTERVAL_MS } from "./replier/create-slack-replier.js";
export { findPostedReply, replyMetadata, SLACK_REPLY_EVENT_TYPE } from "./replier/find-posted-reply.js";
export { slackErrorCode } from "./replier/slack-error-code.js";
export { SLACK_REACTIONS } from "./replier/slack-reactions.js";
export { SLACK_STATUS_MIN_INTERVAL_MS } from "./replier/slack-status-line.js";
export { toRetryableSlackError } from "./replier/with-retryable-slack-errors.js";
export { SLACK_CLIENT_RETRY_CONFIG, slackClientOptions } from "./slack-client-options.js";
export {
  type ConnectSocketModeOptions,
  connectSocketMode,
  SOCKET_MODE_DRAIN_TIMEOUT_MS,
  type SocketModeConnection,
} from "./socket-mode/connect-socket-mode.js";
export { toBoltLogger } from "./to-bolt-logger.js";
