import { type RedisKeys, sealShareId, unsealShareId } from "@baton/core";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { LinearTokenGrant } from "./linear-oauth-client.js";

const installationSchema = z.object({
  organizationId: z.string().min(1),
  organizationName: z.string().optional(),
  accessToken: z.string().min(1),
  refreshToken: z.string().nullable(),
  expiresAt: z.number().nullable(),
  scope: z.string(),
  installedAt: z.string(),
});
/** One workspace's installation of the Linear app: its tokens, as Baton keeps them. */
export type LinearInstallation = z.infer<typeof installationSchema>;

export interface LinearTokenStore {
  save(installation: LinearInstallation): Promise<void>;
  /** The workspace's installation, or null when it has none (or it was sealed under another key). */
  load(organizationId: string): Promise<LinearInstallation | null>;
  /** Whether the workspace installed Baton (one EXISTS: nothing is decrypted). */
  has(organizationId: string): Promise<boolean>;
  /** Keeps the installation, with tokens from a refresh. */
  replaceTokens(installation: LinearInstallation, grant: LinearTokenGrant): Promise<LinearInstallation>;
}

/**
 * Workspace tokens in Redis, encrypted at rest with AES-256-GCM under the same key that seals
 * share ids (`BATON_SHARE_KEY` or the key file): a copy of Redis holds no usable Linear token.
 * The workspace id is bound in as associated data, so a record cannot be moved to another one.
 */
export function createLinearTokenStore({
  redis,
  keys,
  key,
}: {
  redis: Redis;
  keys: RedisKeys;
  key: Uint8Array;
}): LinearTokenStore {
  const redisKey = (organizationId: string) => keys.scoped("linear", "installation", organizationId);
  const binding = (organizationId: string) => `linear.installation\u0000${organizationId}`;

  async function save(installation: LinearInstallation): Promise<void> {
    const sealed = sealShareId(JSON.stringify(installation), binding(installation.organizationId), key);
    await redis.set(redisKey(installation.organizationId), sealed);
  }

  return {
    save,
    has: async (organizationId) => (await redis.exists(redisKey(organizationId))) === 1,
    async load(organizationId) {
      const sealed = await redis.get(redisKey(organizationId));
      if (!sealed) return null;
      const opened = unsealShareId(sealed, binding(organizationId), key);
      if (!opened) return null;
      const parsed = installationSchema.safeParse(JSON.parse(opened));
      return parsed.success ? parsed.data : null;
    },
    async replaceTokens(installation, grant) {
      const next = {
        ...installation,
        accessToken: grant.accessToken,
        // Linear rotates refresh tokens; keep the old one only if none came back.
        refreshToken: grant.refreshToken ?? installation.refreshToken,
        expiresAt: grant.expiresAt,
        scope: grant.scope || installation.scope,
      };
      await save(next);
      return next;
    },
  };
}
