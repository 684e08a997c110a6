import { z } from "zod";

// What the control plane answers, read loosely: unknown fields pass, missing optional ones are fine.

export const createdSessionSchema = z.object({ sessionId: z.string().min(1) });

export const queuedPromptSchema = z.object({ messageId: z.string().min(1) });

export const remoteEventSchema = z.object({
  id: z.string().optional(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()).default({}),
  messageId: z.string().nullish(),
  createdAt: z.union([z.string(), z.number()]).optional(),
});
/** One event of a prompt, from `/events` or (flattened) from the WebSocket. */
export type RemoteEvent = z.infer<typeof remoteEventSchema>;

export const eventPageSchema = z.object({
  events: z.array(remoteEventSchema),
  cursor: z.string().nullish(),
  hasMore: z.boolean().default(false),
});
export type EventPage = z.infer<typeof eventPageSchema>;

export const remoteMessageSchema = z.object({
  id: z.string(),
  content: z.string().optional(),
  source: z.string().optional(),
  status: z.string(),
  createdAt: z.union([z.string(), z.number()]).optional(),
  /** When it started running, on the control plane's clock. */
  startedAt: z.union([z.string(), z.number()]).nullish(),
});
export type RemoteMessage = z.infer<typeof remoteMessageSchema>;

export const messagePageSchema = z.object({
  messages: z.array(remoteMessageSchema),
  cursor: z.string().nullish(),
  hasMore: z.boolean().default(false),
});

export const remoteArtifactSchema = z.object({
  id: z.string().optional(),
  type: z.string(),
  url: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  createdAt: z.union([z.string(), z.number()]).optional(),
});
export type RemoteArtifact = z.infer<typeof remoteArtifactSchema>;

export const artifactListSchema = z.object({ artifacts: z.array(remoteArtifactSchema) });

export const wsTokenSchema = z.object({ token: z.string().min(1) });

export const remoteRepositorySchema = z.object({
  owner: z.string(),
  name: z.string(),
  fullName: z.string().optional(),
  description: z.string().nullish(),
  defaultBranch: z.string().nullish(),
  archived: z.boolean().optional(),
  topics: z.array(z.string()).nullish(),
  /** What the control plane's own bots route by, as its operators wrote it. */
  metadata: z
    .object({
      description: z.string().nullish(),
      aliases: z.array(z.string()).nullish(),
      keywords: z.array(z.string()).nullish(),
    })
    .nullish(),
});
export type RemoteRepository = z.infer<typeof remoteRepositorySchema>;

export const repositoryListSchema = z.object({ repos: z.array(remoteRepositorySchema) });

export const remoteEnvironmentSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  repositories: z
    .array(z.object({ repoOwner: z.string(), repoName: z.string(), baseBranch: z.string().nullish() }))
    .default([]),
});
export type RemoteEnvironment = z.infer<typeof remoteEnvironmentSchema>;

export const environmentListSchema = z.object({ environments: z.array(remoteEnvironmentSchema) });

export const errorBodySchema = z.object({ error: z.string().optional(), code: z.string().optional() });
