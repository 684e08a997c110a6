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

function toSlackUser(seed: SeedUserInput, teamId: string) {
  const realName = seed.realName ?? seed.name;
  return {
    id: seed.id,
    team_id: teamId,
    name: seed.name,
    real_name: realName,
    deleted: false,
    is_bot: seed.isBot ?? false,
    tz: seed.tz ?? "UTC",
    profile: {
      real_name: realName,
      display_name: seed.displayName ?? seed.name,
      ...(seed.email === undefined ? {} : { email: seed.email }),
    },
  };
}
