import {
  type Beat,
  createExpiringMap,
  type Logger,
  type PlatformTurn,
  REPLY_FIELDS,
  type ReplyClaim,
  type ReplyLedger,
  type WorkingContext,
} from "@baton/core";
import { finishedWorkingMessage, type WorkingState, workingMessage } from "../blocks/working-blocks.js";
import type { SlackBudgets } from "../budget/slack-budgets.js";
import type { SlackReplyClients } from "../slack-reply-clients.js";
import { threadOf } from "./slack-thread-of.js";
import type { SlackReplyMessage, SlackThreadReplies } from "./slack-thread-replies.js";
import { createSlackWorkingEdits } from "./slack-working-edits.js";

/** How long `show` waits for the acknowledgement's message before it posts its own. */
const WORKING_MESSAGE_WAIT_MS = 2_000;
/** A turn's known context and ts: past this (a very long turn) they are read from the ledger again. */
const KNOWN_FOR_MS = 60 * 60_000;
const KNOWN_MAX_TURNS = 10_000;

type SlackTurn = PlatformTurn<"slack">;

/** The "Working on it" message of a turn: posted or edited once, edited with progress, closed at the end. */
export interface SlackWorkingMessage {
  /** Records the turn's target, backend and model for its edits (in the ledger, for a retry elsewhere). */
  setContext(turn: SlackTurn, context: WorkingContext): Promise<void>;
  /**
   * Shows the message: posts it if nobody has, else (`editIfPosted`) edits it, directly or
   * through `edit` (the budget's queue).
   */
  show(
    turn: SlackTurn,
    message: SlackReplyMessage,
    options: { editIfPosted: boolean; edit?: () => void },
  ): Promise<void>;
  /** Edits the message with the turn's context and `status`, through the throttle (and budget). */
  pushEdit(turn: SlackTurn, status?: string): void;
  markEdited(turnId: string): void;
  /** Drops the turn's waiting edits, and edits nothing. */
  dropEdits(turnId: string): Promise<void>;
  /** The turn is over: drops its waiting edits and replaces the message with `line`, for `reply`. */
  finish(turn: SlackTurn, line: string, reply?: ReplyClaim): Promise<void>;
}

/** What the working message of `turn` shows. */
export function workingStateOf(turn: SlackTurn, extra: Partial<WorkingState> = {}): WorkingState {
  return { turnId: turn.id, conversation: threadOf(turn).conversation, ...extra };
}

export function createSlackWorkingMessage({
  clients,
  ledger,
  replies,
  budgets,
  log,
  minIntervalMs,
  beat,
}: {
  clients: SlackReplyClients;
  ledger: ReplyLedger;
  replies: SlackThreadReplies;
  budgets?: SlackBudgets;
  log: Logger;
  minIntervalMs: number;
  beat?: Beat;
}): SlackWorkingMessage {
  const field = REPLY_FIELDS.workingMessage;
  const edits = createSlackWorkingEdits({ minIntervalMs, budgets, log, beat });
  // What this worker wrote or read of the turn's ledger already, so that an edit does not read
  // it again. What it does not know (a turn retried here after a crash elsewhere) it reads there.
  const known = createExpiringMap<{ context?: WorkingContext; ts?: string }>({
    ttlMs: KNOWN_FOR_MS,
    maxEntries: KNOWN_MAX_TURNS,
  });
  const remember = (turnId: string, facts: { context?: WorkingContext; ts?: string }) =>
    known.set(turnId, { ...known.get(turnId), ...facts });

  async function contextOf(turnId: string): Promise<WorkingContext | undefined> {
    const knownContext = known.get(turnId)?.context;
    if (knownContext) return knownContext;
    const raw = await ledger.get(turnId, REPLY_FIELDS.workingContext);
    if (!raw) return undefined;
    const context = JSON.parse(raw) as WorkingContext;
    remember(turnId, { context });
    return context;
  }

  const rememberTs = (turnId: string, ts: string | undefined) => {
    if (ts) remember(turnId, { ts });
  };

  return {
    async setContext(turn, context) {
      await ledger.set(turn.id, REPLY_FIELDS.workingContext, JSON.stringify(context));
      remember(turn.id, { context });
    },
    /**
     * The acknowledgement (from the dispatcher) and the worker may reach the working message at
     * the same moment: whoever claims it first posts it. The worker, second, edits it once it
     * exists (it adds the target). The acknowledgement, second, leaves it alone: its bare
     * message would replace the worker's, target and all.
     */
    async show(turn, message, { editIfPosted, edit }) {
      const editPosted = async (ts: string) => {
        remember(turn.id, { ts });
        if (edit) edit();
        else await replies.postOrUpdate(turn, field, message, { knownTs: ts });
      };
      // The worker usually finds the acknowledgement's message posted: it edits it, claiming nothing.
      let ts = editIfPosted ? await ledger.get(turn.id, field) : null;
      if (ts) return editPosted(ts);
      // A fresh claim means that nothing of the message was posted yet: claimed together with the
      // message's `posting` mark (see postOrUpdate), it is posted without looking for it first.
      const claim = { field: REPLY_FIELDS.workingClaimed, value: "1" };
      if (await ledger.claimThenSet(turn.id, claim, { field: REPLY_FIELDS.posting(field), value: "1" })) {
        rememberTs(turn.id, await replies.postMarked(turn, field, message));
        return;
      }
      if (!editIfPosted) return;
      const deadline = Date.now() + WORKING_MESSAGE_WAIT_MS;
      ts = await ledger.get(turn.id, field);
      while (!ts && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        ts = await ledger.get(turn.id, field);
      }
      if (ts) await editPosted(ts);
    },
    pushEdit(turn, status) {
      edits.push(turn, async (reply) => {
        // Read when the edit is made, not for every status the throttle drops; once per turn.
        const context = await contextOf(turn.id);
        const message = workingMessage(workingStateOf(turn, { context, ...(status ? { status } : {}) }));
        const knownTs = known.get(turn.id)?.ts;
        rememberTs(
          turn.id,
          await replies.postOrUpdate(turn, field, message, { knownTs, ...(reply && { reply }) }),
        );
      });
    },
    markEdited: (turnId) => edits.markEdited(turnId),
    dropEdits: (turnId) => edits.cancel(turnId),
    async finish(turn, line, reply) {
      await edits.cancel(turn.id);
      const ts = known.get(turn.id)?.ts ?? (await ledger.get(turn.id, field));
      known.delete(turn.id);
      if (!ts) return;
      const finished = finishedWorkingMessage(line);
      const { channel } = threadOf(turn);
      await clients.as(reply, (client) =>
        client.chat.update({ channel, ts, text: finished.text, blocks: finished.blocks as never }),
      );
    },
  };
}
