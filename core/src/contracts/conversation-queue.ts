/** What a stop did to a conversation's turns. */
export interface StopResult {
  /** The turn that was running and has been told to stop, if any (it answers with its own ⏹ result). */
  stoppedTurnId: string | null;
  /** Queued turns that were dropped. */
  cancelledTurnIds: string[];
}

/**
 * Aborts a conversation's running turn (wherever it runs) and drops what waits behind it, but
 * `keep`: the turn a change of target queued just before, which runs once the stopped one ends.
 */
export type StopConversation = (conversationKey: string, options?: { keep?: string }) => Promise<StopResult>;

/** Who asked for the turns waiting (or running) in a conversation, in order. */
export type QueuedRequesters = (conversationKey: string) => Promise<string[]>;
