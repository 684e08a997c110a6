import type { Logger } from "../contracts/logger.js";
import type { ShareLinks } from "../contracts/share-links.js";
import { DEFAULT_RETENTION, type Retention } from "../retention/retention.js";
import type { Session } from "../schemas/session.js";
import type { SessionStore } from "../store/session-store.js";
import { type ShareLifetime, shareExpiresAt } from "./share-expiry.js";
import { generateShareId, hashShareId, isShareIdShaped } from "./share-id.js";
import {
  type ShareLinkKeyring,
  sealWithKeyring,
  singleKeyring,
  unsealWithKeyring,
} from "./share-link-keyring.js";
import type { ShareRecord } from "./share-record.js";
import type { RevokeShareResult, ShareCreateMode, ShareStore } from "./share-store.js";

/** The catalog's `sharing` section. */
export interface SharingPolicy {
  mode: "auto" | "on-request" | "off";
  expiresInDays: ShareLifetime;
}

export interface ShareServiceOptions {
  store: ShareStore;
  sessions: Pick<SessionStore, "get">;
  policy: SharingPolicy;
  /** `BATON_PUBLIC_URL`: links are `<publicUrl>/s/<shareId>`. */
  publicUrl: string;
  /** Seals share ids so later results can repeat the link (see `loadShareLinkKeyring`). */
  linkKey: Uint8Array | ShareLinkKeyring;
  logger: Logger;
  /**
   * A link never outlives the transcript it shows: it ends `retention.sessionMs` after it was
   * made at the latest (`never` included), as the transcript does after the session's last turn.
   */
  retention?: Retention;
  now?: () => number;
}

/** A share as operators and the pages see it; never the id or its hash in full. */
export interface ShareSummary {
  sessionId: string;
  /** The first characters of the id's hash: enough to tell shares apart in `baton share list`. */
  hashPrefix: string;
  createdAt: string;
  /** null: never expires. */
  expiresAt: string | null;
}

export type ShareSessionResult =
  | { kind: "shared"; created: boolean; url: string; share: ShareSummary }
  | { kind: "sharing_off" }
  | { kind: "no_session" };

export type ResolveShareResult = { kind: "found"; share: ShareSummary } | { kind: "not_found" };

export interface ShareOptions {
  /** Overrides the policy's lifetime for a share this call creates. */
  lifetime?: ShareLifetime;
  /** Replace a live share with a new link (the old one stops working). */
  replace?: boolean;
}

export interface ShareService extends ShareLinks {
  /** `@baton share` and `baton share create`: shares the session unless sharing is off. */
  shareSession(sessionId: string, options?: ShareOptions): Promise<ShareSessionResult>;
  /** `@baton unshare`: revokes the link, and `auto` will not make a new one for this session. */
  unshareSession(sessionId: string): Promise<RevokeShareResult>;
  /**
   * `baton share revoke`: takes a share id or a session id. A session with no live link (it
   * expired, or was never made) is marked as `unshareSession` marks it: `no_live_link`.
   */
  revoke(
    shareIdOrSessionId: string,
  ): Promise<RevokeShareResult | { kind: "no_live_link"; sessionId: string }>;
  list(): Promise<ShareSummary[]>;
  /** What a share page asks first: whether this id opens a live share, and of which session. */
  resolve(shareId: string): Promise<ResolveShareResult>;
  /** Removes expired shares; the sweeper calls it. */
  sweepExpired(): Promise<number>;
}

const SWEEP_BATCH = 500;
const HASH_PREFIX_CHARS = 12;

/**
 * Share links for sessions, by the catalog's policy: `auto` shares a session with its first
 * result, `on-request` only on `@baton share`, `off` never. One live share per session; the id is
 * returned in a link and stored only as its hash.
 *
 * @example
 * const shares = createShareService({ store, sessions, policy: catalog.sharing, publicUrl, linkKey, logger });
 * await shares.linkFor(session); // "https://baton.example.com/s/q3Jx0n7c…"
 */
export function createShareService(options: ShareServiceOptions): ShareService {
  const { store, sessions, policy, retention = DEFAULT_RETENTION, now = Date.now } = options;
  const keyring = options.linkKey instanceof Uint8Array ? singleKeyring(options.linkKey) : options.linkKey;
  const log = options.logger.child({ component: "core.sharing" });
  const base = options.publicUrl.replace(/\/+$/, "");

  function linkOf(record: ShareRecord): string | null {
    const shareId = unsealWithKeyring(record.sealed, record.sessionId, keyring);
    if (shareId === null) {
      log.warn("core.sharing.link_unsealable", { session_id: record.sessionId });
      return null;
    }
    return `${base}/s/${shareId}`;
  }

  async function create(sessionId: string, mode: ShareCreateMode, lifetime: ShareLifetime) {
    const shareId = generateShareId();
    const nowMs = now();
    const result = await store.create({
      sessionId,
      idHash: hashShareId(shareId),
      sealed: sealWithKeyring(shareId, sessionId, keyring),
      nowMs,
      expiresAtMs: Math.min(
        shareExpiresAt(lifetime, nowMs) ?? Number.POSITIVE_INFINITY,
        nowMs + retention.sessionMs,
      ),
      mode,
    });
    if (result.kind === "created") {
      log.info("core.sharing.created", { session_id: sessionId, expires_at_ms: result.record.expiresAtMs });
    }
    return result;
  }

  return {
    async linkFor(session: Session) {
      if (policy.mode === "off") return null;
      if (policy.mode === "on-request") {
        const record = await store.findBySession(session.id, now());
        return record ? linkOf(record) : null;
      }
      // Most calls find the share an earlier call made (this turn's working message, an earlier
      // turn): one read, without minting and sealing an id that the script would throw away.
      const existing = await store.findBySession(session.id, now());
      if (existing) return linkOf(existing);
      const result = await create(session.id, "auto", policy.expiresInDays);
      return result.kind === "declined" ? null : linkOf(result.record);
    },
    async shareSession(sessionId, { lifetime = policy.expiresInDays, replace = false } = {}) {
      if (policy.mode === "off") return { kind: "sharing_off" };
      if (!(await sessions.get(sessionId))) return { kind: "no_session" };
      let result = await create(sessionId, replace ? "replace" : "explicit", lifetime);
      let url = result.kind === "declined" ? null : linkOf(result.record);
      // Asked for explicitly, and the link cannot be repeated (the key changed): make a new one.
      if (url === null) {
        result = await create(sessionId, "replace", lifetime);
        url = result.kind === "declined" ? null : linkOf(result.record);
      }
      if (result.kind === "declined" || url === null) throw new Error(`cannot share session ${sessionId}`);
      return { kind: "shared", created: result.kind === "created", url, share: summarize(result.record) };
    },
    async unshareSession(sessionId) {
      const result = await store.revokeSession(sessionId);
      log.info("core.sharing.unshared", { session_id: sessionId, outcome: result.kind });
      return result;
    },
    async revoke(shareIdOrSessionId) {
      if (isShareIdShaped(shareIdOrSessionId)) {
        const byId = await store.revokeByHash(hashShareId(shareIdOrSessionId));
        if (byId.kind === "revoked") {
          log.info("core.sharing.revoked", { session_id: byId.sessionId });
          return byId;
        }
      }
      const bySession = await store.findBySession(shareIdOrSessionId, now());
      if (!bySession) {
        // Nothing live to end, but the operator asked for the session not to be shared: without
        // the mark, `auto` would share it again with its next result, as after an expiry.
        if (!(await sessions.get(shareIdOrSessionId))) return { kind: "not_found" };
        await store.revokeSession(shareIdOrSessionId);
        log.info("core.sharing.unshared", { session_id: shareIdOrSessionId, outcome: "no_live_link" });
        return { kind: "no_live_link", sessionId: shareIdOrSessionId };
      }
      const result = await store.revokeSession(shareIdOrSessionId);
      log.info("core.sharing.revoked", { session_id: shareIdOrSessionId });
      return result;
    },
    async list() {
      return (await store.list(now())).map(summarize);
    },
    async resolve(shareId) {
      if (!isShareIdShaped(shareId)) return { kind: "not_found" };
      const record = await store.findByHash(hashShareId(shareId), now());
      if (!record) return { kind: "not_found" };
      // A share ends with its session: one that never expires must not outlive it as an empty page.
      if (!(await sessions.get(record.sessionId))) {
        await store.revokeSession(record.sessionId);
        log.info("core.sharing.ended_with_session", { session_id: record.sessionId });
        return { kind: "not_found" };
      }
      return { kind: "found", share: summarize(record) };
    },
    async sweepExpired() {
      let total = 0;
      for (;;) {
        const removed = await store.removeExpired(now(), SWEEP_BATCH);
        total += removed;
        if (removed < SWEEP_BATCH) return total;
      }
    },
  };
}

function summarize(record: ShareRecord): ShareSummary {
  return {
    sessionId: record.sessionId,
    hashPrefix: record.idHash.slice(0, HASH_PREFIX_CHARS),
    createdAt: new Date(record.createdAtMs).toISOString(),
    expiresAt: record.expiresAtMs === null ? null : new Date(record.expiresAtMs).toISOString(),
  };
}
