import type { Platform } from "../schemas/conversation-ref.js";
import type { SessionRequest } from "../schemas/session-request.js";

/**
 * Looks up where a request was written, for the classifier: a channel's name and topic, the
 * thread's earlier messages, a pull request's title, an issue's team and labels. Keys are the
 * platform's own (`PlatformPolicy.classifierContext`). It runs in the worker, before a conversation's first turn is
 * classified, never on the acknowledgement path; it may call the platform's API, so it should
 * cache what changes rarely (see `createContextCache`). Throwing is allowed: the turn is then
 * classified with what the adapter put in the request.
 */
export type RequestContextProvider = (request: SessionRequest) => Promise<Readonly<Record<string, string>>>;

/** One provider per platform that has one; a platform without one classifies on the adapter's context. */
export type RequestContextProviders = Partial<Record<Platform, RequestContextProvider>>;
