import { createTtlCache } from "@baton/core";
import type { WebClient } from "@slack/web-api";

/** Guest status, names and group members change rarely; asking Slack once per this long is enough. */
export const SLACK_DIRECTORY_CACHE_MS = 5 * 60_000;

/** What Baton needs to know about a person, from one `users.info`. */
export interface SlackPerson {
  /** As Slack shows them: the display name, else the full name; absent when Slack gives neither. */
  name?: string;
  /** A multi- or single-channel guest. */
  guest: boolean;
}

/** Looks a person up (cached); rejects when Slack cannot answer, for the caller to decide. */
export type SlackPeople = (userId: string) => Promise<SlackPerson>;

/**
 * One cached `users.info` per person, shared by the access policy (is this a guest?) and the
 * turns that name their requester, so that naming people costs Slack no extra call.
 */
export function createSlackPeople({
  client,
  ttlMs = SLACK_DIRECTORY_CACHE_MS,
}: {
  client: WebClient;
  ttlMs?: number;
}): SlackPeople {
  return createTtlCache(
    async (userId) => {
      const { user } = await client.users.info({ user: userId });
      const name =
        user?.profile?.display_name?.trim() || user?.profile?.real_name?.trim() || user?.real_name?.trim();
      return {
        ...(name ? { name } : {}),
        guest: Boolean(user?.is_restricted || user?.is_ultra_restricted),
      };
    },
    { ttlMs },
  );
}
