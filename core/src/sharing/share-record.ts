import { z } from "zod";

/** A live share as stored in the session's share hash (`ShareKeys.record`). */
export const shareRecordSchema = z.object({
  state: z.literal("live"),
  idHash: z.string().regex(/^[0-9a-f]{64}$/),
  sealed: z.string(),
  createdAtMs: z.coerce.number().int().nonnegative(),
  expiresAtMs: z.union([z.literal("never"), z.coerce.number().int().nonnegative()]),
});

export interface ShareRecord {
  sessionId: string;
  /** SHA-256 of the share id, hex. */
  idHash: string;
  /** The share id sealed under the link key (see `sealShareId`). */
  sealed: string;
  createdAtMs: number;
  /** null: only revocation ends this share. */
  expiresAtMs: number | null;
}

/** The live share in a record hash, or null for none, a revoked one, or one that has expired. */
export function parseShareRecord(
  sessionId: string,
  fields: Record<string, string>,
  nowMs: number,
): ShareRecord | null {
  const parsed = shareRecordSchema.safeParse(fields);
  if (!parsed.success) return null;
  const { idHash, sealed, createdAtMs, expiresAtMs } = parsed.data;
  const expires = expiresAtMs === "never" ? null : expiresAtMs;
  if (expires !== null && expires <= nowMs) return null;
  return { sessionId, idHash, sealed, createdAtMs, expiresAtMs: expires };
}
