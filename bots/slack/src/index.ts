export { resultMessages, SLACK_MAX_BLOCKS_PER_MESSAGE } from "./blocks/result-blocks.js";
export { SLACK_SECTION_TEXT_MAX_CHARS, splitForSections } from "./blocks/split-for-sections.js";
export { createSlackBot, SLACK_CLIENT_RETRY_CONFIG, type SlackBot, type SlackBotOptions } from "./create-slack-bot.js";
export { type SlackEventParse, type SlackIdentity, parseSlackEvent } from "./inbound/parse-slack-event.js";
export { createSlackReplier, SLACK_ACK_REACTION, slackErrorCode } from "./replier/create-slack-replier.js";
