import type { FakeSlackIdentity } from "./fake-slack-defaults.js";

export interface SeedChannelInput {
  id: string;
  name: string;
  topic?: string;
  purpose?: string;
  isPrivate?: boolean;
  /** A direct message channel (ids starting with `D` are treated as one when not seeded). */
  isIm?: boolean;
}

export interface SeedUserInput {
  id: string;
  name: string;
  realName?: string;
  displayName?: string;
  email?: string;
  isBot?: boolean;
  tz?: string;
  /** A guest: `multi_channel` (`is_restricted`) or `single_channel` (`is_ultra_restricted` too). */
  guest?: "multi_channel" | "single_channel";
}

export interface SeedUserGroupInput {
  /** A user group id (`S…`). */
  id: string;
  /** Its members' user ids. */
  users: readonly string[];
  /** The workspace it belongs to; the fake's own by default. */
  teamId?: string;
}

export interface FakeSlackDirectory {
  seedChannel(input: SeedChannelInput): void;
  seedUser(input: SeedUserInput): void;
  seedUserGroup(input: SeedUserGroupInput): void;
  /** The channel as `conversations.info` returns it; unseeded ids get a plausible made-up channel. */
  channel(id: string): Record<string, unknown>;
  /** The user as `users.info` returns it; unseeded ids get a plausible made-up user. */
  user(id: string): Record<string, unknown>;
  /** The group, when seeded. Unlike users and channels, unknown groups are not invented. */
  userGroup(id: string): Required<SeedUserGroupInput> | undefined;
  reset(): void;
}

/**
 * Channels, users and user groups the fake knows. Unknown ids are invented rather than rejected so tests only
 * seed what they assert on; script `channel_not_found` / `user_not_found` with `failNext` instead.
 */
export function createFakeSlackDirectory(identity: FakeSlackIdentity): FakeSlackDirectory {
  const channels = new Map<string, SeedChannelInput>();
  const users = new Map<string, SeedUserInput>();
  const userGroups = new Map<string, Required<SeedUserGroupInput>>();
  const botUser: SeedUserInput = { id: identity.botUserId, name: identity.botName, isBot: true };

  return {
    seedChannel: (input) => void channels.set(input.id, input),
    seedUser: (input) => void users.set(input.id, input),
    seedUserGroup: (input) =>
      void userGroups.set(input.id, {
        ...input,
        users: [...input.users],
        teamId: input.teamId ?? identity.teamId,
      }),
    userGroup: (id) => userGroups.get(id),
    channel(id) {
      const seeded = channels.get(id) ?? {
        id,
        name: `channel-${id.toLowerCase()}`,
        isIm: id.startsWith("D"),
      };
      return toSlackChannel(seeded);
    },
    user(id) {
      const seeded =
        users.get(id) ?? (id === botUser.id ? botUser : { id, name: `user-${id.toLowerCase()}` });
      return toSlackUser(seeded, identity.teamId);
    },
    reset() {
      channels.clear();
      users.clear();
      userGroups.clear();
    },
  };
}

function toSlackChannel({
  id,
  name,
  topic = "",
  purpose = "",
  isPrivate = false,
  isIm = false,
}: SeedChannelInput) {
  return {
    id,
    name,
    is_channel: !isIm && !isPrivate,
    is_group: !isIm && isPrivate,
    is_im: isIm,
    is_private: isPrivate || isIm,
    is_archived: false,
    is_member: true,
    topic: { value: topic, creator: "", last_set: 0 },
    purpose: { value: purpose, creator: "", last_set: 0 },
  };
}

/** The user object of `users.info`, with the fields Slack sends (minus avatars' other sizes). */
function toSlackUser(seed: SeedUserInput, teamId: string) {
  const realName = seed.realName ?? seed.name;
  const displayName = seed.displayName ?? seed.name;
  return {
    id: seed.id,
    team_id: teamId,
    name: seed.name,
    deleted: false,
    color: "9f69e7",
    real_name: realName,
    tz: seed.tz ?? "UTC",
    tz_label: "Coordinated Universal Time",
    tz_offset: 0,
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    is_restricted: seed.guest !== undefined,
    is_ultra_restricted: seed.guest === "single_channel",
    is_bot: seed.isBot ?? false,
    is_app_user: false,
    updated: 1_700_000_000,
    is_email_confirmed: true,
    who_can_share_contact_card: "EVERYONE",
    profile: {
      title: "",
      phone: "",
      skype: "",
      real_name: realName,
      real_name_normalized: realName,
      display_name: displayName,
      display_name_normalized: displayName,
      fields: null,
      status_text: "",
      status_emoji: "",
      status_expiration: 0,
      avatar_hash: "g0123456789a",
      ...(seed.email === undefined ? {} : { email: seed.email }),
      first_name: realName.split(" ")[0] ?? realName,
      last_name: realName.split(" ").slice(1).join(" "),
      image_24: "https://secure.gravatar.com/avatar/0123456789a.jpg?s=24",
      image_48: "https://secure.gravatar.com/avatar/0123456789a.jpg?s=48",
      image_72: "https://secure.gravatar.com/avatar/0123456789a.jpg?s=72",
      team: teamId,
    },
  };
}
