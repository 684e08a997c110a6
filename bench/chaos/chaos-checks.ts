import { createRedisKeys, createTranscriptStore } from "@baton/core";
import { turnMarker } from "@baton/github";
import { activityId } from "@baton/linear";
import { SLACK_REPLY_EVENT_TYPE } from "@baton/slack";
import type { Cluster, Redis } from "ioredis";
import { CHAOS_REPO, type ChaosPlatforms, type PlannedConversation } from "./chaos-platforms.js";

/** How a turn ended, as the person saw it. */
export type FinalKind = "done" | "stopped" | "failed" | "timed_out";

const TIMED_OUT_WORDS = "ran longer than";
const RESULT_FIELD = "result.0";
const FAILED_FIELD = "failed";

/** Every final reply each turn got on its platform (several when it was answered twice). */
export function collectFinalReplies(
  platforms: ChaosPlatforms,
  conversations: readonly PlannedConversation[],
): Map<string, FinalKind[]> {
  const finals = new Map<string, FinalKind[]>();
  const add = (turnId: string, kind: FinalKind) => finals.set(turnId, [...(finals.get(turnId) ?? []), kind]);
  const failedKind = (text: string): FinalKind => (text.includes(TIMED_OUT_WORDS) ? "timed_out" : "failed");

  const githubWritten = githubFinalWrites(platforms);
  for (const conversation of conversations) {
    const { ref } = conversation;
    if (ref.platform === "slack") {
      // Each stored message is one reply; an edit changes a message, never adds one.
      for (const message of platforms.slack.messagesIn(ref.channelId)) {
        const metadata = message.metadata as
          | { event_type?: string; event_payload?: { turn_id?: string; field?: string } }
          | undefined;
        if (metadata?.event_type !== SLACK_REPLY_EVENT_TYPE) continue;
        const { turn_id: turnId, field } = metadata.event_payload ?? {};
        if (!turnId) continue;
        if (field === RESULT_FIELD) add(turnId, message.text.includes("⏹") ? "stopped" : "done");
        if (field === FAILED_FIELD) add(turnId, failedKind(message.text));
      }
    } else if (ref.platform === "github") {
      // One comment per turn, edited as it goes: a second comment, or one whose final word
      // changed (a result replaced by a failure), is a second final reply.
      const comments = platforms.github
        .commentsOn(CHAOS_REPO, ref.number)
        .map((c) => ({ marker: markerIn(c.body), kind: githubFinalKind(c.body) }));
      for (const turn of conversation.turns) {
        const marker = turnMarker(turn.turnId);
        // Every comment of the turn that reads as final, and every change of its final word.
        const kinds = [...(githubWritten.get(marker) ?? [])];
        const finalComments = comments.filter((c) => c.marker === marker && c.kind !== null);
        for (const comment of finalComments) add(turn.turnId, comment.kind as FinalKind);
        for (const kind of kinds.slice(finalComments.length > 0 ? 1 : 0)) add(turn.turnId, kind);
      }
    } else {
      const activities = platforms.linear.store.activities;
      for (const turn of conversation.turns) {
        const ids = new Set([activityId(turn.turnId, RESULT_FIELD), activityId(turn.turnId, FAILED_FIELD)]);
        for (const activity of activities) {
          if (!ids.has(activity.id)) continue;
          const body = String(activity.content.body ?? "");
          add(turn.turnId, activity.content.type === "response" ? "done" : failedKind(body));
        }
      }
    }
  }
  return finals;
}

const MARKER = /<!-- baton:turn \S+ -->/;
const markerIn = (body: string) => MARKER.exec(body)?.[0] ?? "";

/** Per turn marker, every kind of final word its comment was ever given (from the fake's calls). */
function githubFinalWrites(platforms: ChaosPlatforms): Map<string, Set<FinalKind>> {
  const written = new Map<string, Set<FinalKind>>();
  for (const call of platforms.github.calls) {
    const body = typeof call.body.body === "string" ? call.body.body : "";
    const kind = call.status < 300 ? githubFinalKind(body) : null;
    if (!kind) continue;
    const marker = markerIn(body);
    written.set(marker, (written.get(marker) ?? new Set()).add(kind));
  }
  return written;
}

function githubFinalKind(body: string): FinalKind | null {
  if (body.includes("✅ **Done**")) return "done";
  if (body.includes("⏹ **Stopped**")) return "stopped";
  if (body.includes("\n❌ ")) return body.includes(TIMED_OUT_WORDS) ? "timed_out" : "failed";
  return null;
}

export interface ChaosCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ChaosTally {
  accepted: number;
  notAccepted: number;
  outcomes: Record<FinalKind, number>;
  missing: number;
  doubled: number;
  byPlatform: Record<string, Partial<Record<FinalKind, number>>>;
}

/** The four checks of a chaos run, read from the fake platforms (what people saw) and from Redis. */
export async function checkChaosRun({
  redis,
  prefix,
  platforms,
  conversations,
  accepted,
}: {
  redis: Redis | Cluster;
  prefix: string;
  platforms: ChaosPlatforms;
  conversations: readonly PlannedConversation[];
  /** The turn ids whose request the gateway answered with a 2xx. */
  accepted: ReadonlySet<string>;
}): Promise<{ checks: ChaosCheck[]; tally: ChaosTally }> {
  const keys = createRedisKeys(prefix);
  const transcripts = createTranscriptStore({ redis: redis as Redis, keys });
  const finals = collectFinalReplies(platforms, conversations);
  const tally: ChaosTally = {
    accepted: 0,
    notAccepted: 0,
    outcomes: { done: 0, stopped: 0, failed: 0, timed_out: 0 },
    missing: 0,
    doubled: 0,
    byPlatform: {},
  };
  const examples = {
    missing: [] as string[],
    doubled: [] as string[],
    sessions: [] as string[],
    order: [] as string[],
  };
  const note = (list: string[], text: string) => list.length < 5 && list.push(text);
  /** What Redis knows of a turn without an outcome, for the report. */
  const describeTurn = async (conversation: PlannedConversation, turnId: string) => {
    const record = await redis.hgetall(keys.turn(conversation.key, turnId));
    const ledger = await redis.hgetall(keys.reply(turnId));
    const inbox = await redis.lrange(keys.inbox(conversation.key), 0, -1);
    const deadline = await redis.zscore(keys.scoped("watchdog"), `${conversation.key}\n${turnId}`);
    return JSON.stringify({
      status: record.status,
      attempts: record.attempts,
      ledger: Object.keys(ledger),
      inbox: inbox.indexOf(turnId),
      deadline: deadline === null ? null : Number(deadline) - Date.now(),
    });
  };
  const sessionOwners = new Map<string, string>();
  let unopened = 0;

  for (const conversation of conversations) {
    for (const turn of conversation.turns) {
      if (!accepted.has(turn.turnId)) {
        tally.notAccepted += 1;
        continue;
      }
      tally.accepted += 1;
      const got = finals.get(turn.turnId) ?? [];
      if (got.length === 0) {
        tally.missing += 1;
        if (examples.missing.length < 5)
          note(
            examples.missing,
            `${conversation.label} ${turn.turnId} ${await describeTurn(conversation, turn.turnId)}`,
          );
      } else if (got.length > 1) {
        tally.doubled += 1;
        note(examples.doubled, `${conversation.label} ${turn.turnId}: ${got.join(", ")}`);
      }
      for (const kind of got.slice(0, 1)) {
        tally.outcomes[kind] += 1;
        const byPlatform = tally.byPlatform[conversation.platform] ?? {};
        byPlatform[kind] = (byPlatform[kind] ?? 0) + 1;
        tally.byPlatform[conversation.platform] = byPlatform;
      }
    }

    const sessionId = await redis.get(keys.conversationSession(conversation.key));
    if (!sessionId) {
      // Fine only when no turn of it got as far as a session: every one failed before.
      const answered = conversation.turns.some((turn) => finals.get(turn.turnId)?.includes("done"));
      if (answered) note(examples.sessions, `${conversation.label}: answered, yet no session`);
      else unopened += 1;
      continue;
    }
    const other = sessionOwners.get(sessionId);
    if (other) note(examples.sessions, `${conversation.label} shares session ${sessionId} with ${other}`);
    sessionOwners.set(sessionId, conversation.label);
    // Every turn that ran wrote its prompt into the session's transcript once, as it started: a
    // turn in another session, or out of order, shows here.
    const order = conversation.turns.map((turn) => turn.turnId);
    const ran = (await transcripts.read(sessionId))
      .map(({ entry }) => entry)
      .filter((entry) => entry.kind === "prompt")
      .map((entry) => order.indexOf(entry.turnId));
    if (ran.some((index) => index < 0))
      note(examples.sessions, `${conversation.label}: its session holds a turn of another conversation`);
    if (ran.some((index, i) => i > 0 && index <= (ran[i - 1] ?? -1)))
      note(examples.order, `${conversation.label}: turns ran as ${ran.join(",")}`);
    const ranTurns = new Set(ran);
    for (const [index, turn] of conversation.turns.entries()) {
      const kinds = finals.get(turn.turnId) ?? [];
      if (kinds.includes("done") && !ranTurns.has(index))
        note(
          examples.sessions,
          `${conversation.label}: turn ${index} answered without running in its session`,
        );
    }
  }

  const checks: ChaosCheck[] = [
    {
      name: "exactly one session per distinct conversation",
      ok: examples.sessions.length === 0 && sessionOwners.size + unopened === conversations.length,
      detail: `${sessionOwners.size} sessions for ${conversations.length} conversations (${unopened} never opened one: all their turns failed first)${list(examples.sessions)}`,
    },
    {
      name: "exactly one final reply per turn",
      ok: tally.doubled === 0,
      detail: `${tally.doubled} turns answered more than once${list(examples.doubled)}`,
    },
    {
      name: "turns of each conversation in order",
      ok: examples.order.length === 0,
      detail: `${examples.order.length === 0 ? "every" : "not every"} conversation ran its turns in the order sent${list(examples.order)}`,
    },
    {
      name: "every accepted request ended in a visible outcome",
      ok: tally.missing === 0 && tally.notAccepted === 0,
      detail: `${tally.accepted} accepted, ${tally.notAccepted} never accepted, ${tally.missing} without an outcome${list(examples.missing)}`,
    },
  ];
  return { checks, tally };
}

function list(items: string[]): string {
  return items.length === 0 ? "" : ` (e.g. ${items.join("; ")})`;
}
