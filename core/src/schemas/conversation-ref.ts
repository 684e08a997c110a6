import { z } from "zod";
import { sha256Base64url } from "../crypto/sha256-base64url.js";

export const platformSchema = z.enum(["slack", "github", "linear"]);
export type Platform = z.infer<typeof platformSchema>;

/** Where a conversation lives. One Session exists per conversation. */
export const conversationRefSchema = z.discriminatedUnion("platform", [
  z.object({
    platform: z.literal("slack"),
    teamId: z.string().min(1),
    channelId: z.string().min(1),
    threadTs: z.string().min(1),
  }),
  z.object({
    platform: z.literal("github"),
    installationId: z.number().int(),
    owner: z.string().min(1),
    repo: z.string().min(1),
    number: z.number().int().positive(),
  }),
  z.object({
    platform: z.literal("linear"),
    organizationId: z.string().min(1),
    /**
     * Absent for an agent session Linear opened outside an issue (its agent chat): the agent
     * session alone is then the conversation.
     */
    issueId: z.string().min(1).optional(),
    agentSessionId: z.string().min(1),
  }),
]);
export type ConversationRef = z.infer<typeof conversationRefSchema>;

function canonicalParts(ref: ConversationRef): string[] {
  switch (ref.platform) {
    case "slack":
      return [ref.platform, ref.teamId, ref.channelId, ref.threadTs];
    case "github":
      return [ref.platform, String(ref.installationId), ref.owner, ref.repo, String(ref.number)];
    case "linear":
      // An empty part for a session without an issue: sessions with one keep the key they had.
      return [ref.platform, ref.organizationId, ref.issueId ?? "", ref.agentSessionId];
    default: {
      const unreachable: never = ref;
      throw new Error(`unknown platform in ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * The tenant a conversation belongs to (the per-workspace rate limit counts it; intake's keys are
 * tagged with it): the platform and its workspace, installation or organisation id. It is read off
 * the conversation's own variant, so it lives beside the union and is checked exhaustively.
 */
export function conversationWorkspace(ref: ConversationRef): string {
  switch (ref.platform) {
    case "slack":
      return `slack.${ref.teamId}`;
    case "github":
      return `github.${ref.installationId}`;
    case "linear":
      return `linear.${ref.organizationId}`;
    default: {
      const unreachable: never = ref;
      throw new Error(`unknown platform in ${JSON.stringify(unreachable)}`);
    }
  }
}

/**
 * A short, stable key for a conversation: safe inside Redis keys and hash tags (no `{`, `}` or `:`),
 * the same for every event of that conversation.
 */
export function conversationKey(ref: ConversationRef): string {
  return sha256Base64url(canonicalParts(ref).join("\u0000")).slice(0, 22);
}
