/** What a stop did to a conversation's turns. */
export interface StopResult {
  /** The turn that was running and has been told to stop, if any (it answers with its own ⏹ result). */
  stoppedTurnId: string | null;
  /** Queued turns that were dropped. */
  cancelledTurnIds: string[];
}

/** Aborts a conversation's running turn (wherever it runs) and drops what waits behind it. */
export type StopConversation = (conversationKey: string) => Promise<StopResult>;

/** Who asked for the turns waiting (or running) in a conversation, in order. */
export type QueuedRequesters = (conversationKey: string) => Promise<string[]>;
