import { join } from "node:path";
import type { HttpRoute } from "@baton/core";
import {
  type Catalog,
  createShareService,
  createShareStore,
  createShareSweeper,
  type Logger,
  loadShareLinkKeyring,
  type RedisKeys,
  type Retention,
  type SessionStore,
  type ShareService,
  type ShareSweeper,
  type TranscriptStore,
} from "@baton/core";
import type { Redis } from "ioredis";
import { type Config, configuredSecrets, SHARE_LINK_KEY_FILE } from "../config/load-config.js";
import { createShareRenderPool } from "../share-pages/create-share-render-pool.js";
import { createShareRoutes } from "../share-pages/create-share-routes.js";

export interface Sharing {
  service: ShareService;
  routes: HttpRoute[];
  sweeper: ShareSweeper;
  /**
   * Every secret Baton holds, for redaction: the configured ones and the share link keys, a key
   * Baton generated into its data directory included (hex, as its file holds it): an agent on
   * this machine can read that file, and its words must not carry the key to a share page or a
   * pull request.
   */
  knownSecrets: readonly string[];
  /** Ends the share-render threads (none run until a share page is asked for). */
  close(): Promise<void>;
}

/**
 * Read-only share links: the service the worker uses to link results, the public routes (which
 * read only the transcript store, redacted and rendered in worker threads), and the sweeper of
 * expired links.
 */
export async function setupSharing({
  config,
  catalog,
  redis,
  keys,
  sessions,
  transcripts,
  retention,
  logger,
}: {
  config: Config;
  catalog: Catalog;
  redis: Redis;
  keys: RedisKeys;
  sessions: SessionStore;
  transcripts: TranscriptStore;
  retention: Retention;
  logger: Logger;
}): Promise<Sharing> {
  const linkKey = await loadShareLinkKeyring({
    secret: config.BATON_SHARE_KEY,
    secrets: config.BATON_SHARE_KEYS,
    keyFile: join(config.BATON_DATA_DIR, SHARE_LINK_KEY_FILE),
  });
  const service = createShareService({
    store: createShareStore({ redis, keys, retention }),
    sessions,
    retention,
    policy: catalog.sharing,
    publicUrl: config.BATON_PUBLIC_URL,
    linkKey,
    logger,
  });
  const knownSecrets = [
    ...configuredSecrets(config),
    ...linkKey.all.map(({ key }) => Buffer.from(key).toString("hex")),
  ];
  const renderer = createShareRenderPool({
    knownSecrets,
    logger,
    ...(config.BATON_SHARE_RENDER_THREADS === undefined
      ? {}
      : { threads: config.BATON_SHARE_RENDER_THREADS }),
    ...(config.BATON_SHARE_RENDER_QUEUE === undefined ? {} : { maxQueued: config.BATON_SHARE_RENDER_QUEUE }),
    ...(config.BATON_SHARE_RENDER_NICENESS === undefined
      ? {}
      : { niceness: config.BATON_SHARE_RENDER_NICENESS }),
    ...(config.BATON_SHARE_RENDER_TIMEOUT_MS === undefined
      ? {}
      : { jobTimeoutMs: config.BATON_SHARE_RENDER_TIMEOUT_MS }),
  });
  return {
    service,
    routes: createShareRoutes({
      shares: service,
      transcripts,
      renderer,
      logger,
      ...(config.BATON_SHARE_CACHE_MB === undefined
        ? {}
        : { cacheMaxChars: config.BATON_SHARE_CACHE_MB * 1024 * 1024 }),
    }),
    sweeper: createShareSweeper({ shares: service, logger }),
    knownSecrets,
    close: () => renderer.close(),
  };
}
