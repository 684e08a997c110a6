import {
  MAX_QUEUED_TURNS_PER_CONVERSATION,
  USER_TURN_BURST,
  USER_TURNS_PER_MINUTE,
  WORKSPACE_TURN_BURST,
  WORKSPACE_TURNS_PER_MINUTE,
} from "./queue-settings.js";

/** A token bucket: `burst` turns at once, refilled at `perMinute`. A burst of 0 turns it off. */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

/** What intake lets in, checked in the same Redis step that stores the turn. */
export interface IntakeLimits {
  /** Turns a conversation may hold, running and waiting; 0 means no cap. */
  maxQueuedPerConversation: number;
  perUser: RateLimit;
  perWorkspace: RateLimit;
}

export const DEFAULT_INTAKE_LIMITS: IntakeLimits = {
  maxQueuedPerConversation: MAX_QUEUED_TURNS_PER_CONVERSATION,
  perUser: { perMinute: USER_TURNS_PER_MINUTE, burst: USER_TURN_BURST },
  perWorkspace: { perMinute: WORKSPACE_TURNS_PER_MINUTE, burst: WORKSPACE_TURN_BURST },
};
