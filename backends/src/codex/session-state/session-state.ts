import { z } from "zod";

export const MAX_REMEMBERED_REQUESTS = 10;
export const MAX_REMEMBERED_REQUEST_CHARS = 1_000;

/** One repository of a session as every worker finds it: the base, what was pushed, the pull request. */
export const repositoryStateSchema = z.object({
  repo: z.string().min(1),
  baseBranch: z.string().min(1),
  baseCommit: z.string().min(1),
  /**
   * The commit the session's branch on the remote was last known at (Baton's last push, or what
   * a turn found there when someone else pushed); absent until the first push.
   */
  pushedCommit: z.string().min(1).optional(),
  pullRequest: z.object({ number: z.number().int().positive(), url: z.string().min(1) }).optional(),
});
export type RepositoryState = z.infer<typeof repositoryStateSchema>;

/** What the session was asked, turn by turn, for its pull request's body. */
export const rememberedRequestSchema = z.object({
  text: z.string(),
  by: z.string(),
  /** The turn that asked it: a retried turn is the same request, not a follow-up. */
  turnId: z.string().optional(),
});
export type RememberedRequest = z.infer<typeof rememberedRequestSchema>;

/**
 * What a coding session's turns keep where every worker reaches it (Redis): with the pushed
 * branch on the remote, it is all a worker without the workspace needs to restore it.
 */
export const sessionStateSchema = z.object({
  version: z.literal(1),
  kind: z.enum(["repositories", "scratch"]),
  /** The target the workspace was made for (`targetId`): a retargeted session needs a new one. */
  targetId: z.string().min(1).optional(),
  branch: z.string().min(1),
  repositories: z.array(repositoryStateSchema),
  requests: z.array(rememberedRequestSchema).default([]),
  /**
   * Where the session started and its share link, for the pull request's body: a turn asked on
   * the pull request itself brings neither, and the body keeps the ones it had.
   */
  links: z.object({ origin: z.string().optional(), share: z.string().optional() }).default({}),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

/**
 * The request remembered once per turn (a turn retried after its worker died publishes again).
 * Past the limit the oldest follow-ups go, never the first request: the one that opened the
 * session heads the pull request's body and gives it its title.
 */
export function rememberRequest(state: SessionState, request: RememberedRequest): SessionState {
  if (request.turnId !== undefined && state.requests.some((known) => known.turnId === request.turnId))
    return state;
  const text = request.text.slice(0, MAX_REMEMBERED_REQUEST_CHARS);
  const [first, ...later] = [...state.requests, { ...request, text }];
  return { ...state, requests: first ? [first, ...later.slice(-(MAX_REMEMBERED_REQUESTS - 1))] : [] };
}
