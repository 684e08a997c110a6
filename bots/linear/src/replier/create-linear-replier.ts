import {
  type Artifact,
  type Beat,
  conversationLedgerId,
  describeTarget,
  errorMessage,
  FINAL_REPLY,
  type Logger,
  type MappingIndex,
  type PlatformTurn,
  REPLY_FIELDS,
  type Replier,
  type ReplyClaim,
  type ReplyLedger,
} from "@baton/core";
import type { LinearBudgets } from "../budget/linear-budgets.js";
import {
  type AgentActivityInput,
  isDuplicateActivity,
  type LinearApi,
  type LinearViewer,
} from "../client/create-linear-api.js";
import { renderLinearMappingOffer, type WaitingMappingOffer } from "../learning/linear-mapping-offer.js";
import { prepareLinearRequest } from "../prepare-linear-request.js";
import { activityId } from "./activity-id.js";
import { createIssueHandoff } from "./issue-handoff.js";
import { createLinearProgress } from "./linear-progress.js";
import { renderLinearElicitation } from "./render-linear-elicitation.js";
import { renderLinearResponse } from "./render-linear-response.js";
import { startLinearIssue } from "./start-linear-issue.js";

/** Progress `action` activities are at most this frequent per turn; Linear shows the latest. */
export const LINEAR_PROGRESS_MIN_INTERVAL_MS = 5_000;

export interface LinearReplierOptions {
  /** The Linear calls for one workspace, made for `reply` (their budget waits count as urgent without it). */
  apiFor(organizationId: string, reply?: ReplyClaim): LinearApi;
  ledger: ReplyLedger;
  /** The catalog's Linear project and team mappings. */
  mappings: MappingIndex;
  logger: Logger;
  /** Post tool steps as `action` activities (default on). */
  progress?: boolean;
  progressMinIntervalMs?: number;
  /** Move the issue to its team's first started state and delegate it to Baton (default on). */
  startIssues?: boolean;
  /** The workspaces' request budgets: progress waits for a token, fairly among sessions. */
  budgets?: LinearBudgets;
  /** The process's shared clock, which waiting progress waits on (own timers without it). */
  beat?: Beat;
}

interface LinearAddress {
  organizationId: string;
  /** Absent for a session outside an issue: the issue-only steps (starting it) are skipped. */
  issueId?: string;
  agentSessionId: string;
}

type LinearTurn = PlatformTurn<"linear">;

function addressOf(turn: LinearTurn): LinearAddress {
  return turn.request.conversation;
}

/** "Reading src/app.ts" → action "Reading", parameter "src/app.ts" (Linear shows them side by side). */
function splitStatus(status: string): { action: string; parameter: string } {
  const trimmed = status.trim();
  const space = trimmed.indexOf(" ");
  return space < 0
    ? { action: trimmed, parameter: "" }
    : { action: trimmed.slice(0, space), parameter: trimmed.slice(space + 1) };
}

/**
 * Answers a turn in its Linear agent session with agent activities: a `thought` as the
 * acknowledgement, `action`s for progress, an `elicitation` when Baton must ask, and a `response`
 * or an `error` at the end, so a session never stays "working" without an outcome. What it posted
 * is recorded per turn in the reply ledger (and each activity has a stable id), so a retried turn
 * does not post twice.
 */
export function createLinearReplier({
  apiFor,
  ledger,
  mappings,
  logger,
  progress: postProgress = true,
  progressMinIntervalMs = LINEAR_PROGRESS_MIN_INTERVAL_MS,
  startIssues = true,
  budgets,
  beat,
}: LinearReplierOptions): Replier<"linear"> {
  const log = logger.child({ component: "bots.linear.replier" });
  const steps = createLinearProgress({
    apiFor,
    budgets,
    minIntervalMs: progressMinIntervalMs,
    logger: log,
    beat,
  });
  const viewers = new Map<string, Promise<LinearViewer>>();
  const issues = createIssueHandoff();

  function viewerOf(organizationId: string): Promise<LinearViewer> {
    let viewer = viewers.get(organizationId);
    if (!viewer) {
      viewer = apiFor(organizationId).viewer();
      viewer.catch(() => viewers.delete(organizationId));
      viewers.set(organizationId, viewer);
    }
    return viewer;
  }

  /** Posts once per turn and `field`: a retry finds the field set and posts nothing. */
  async function postOnce(
    turn: LinearTurn,
    field: string,
    activity: Omit<AgentActivityInput, "agentSessionId" | "id">,
    reply?: ReplyClaim,
  ) {
    if (await ledger.get(turn.id, field)) return;
    const { organizationId, agentSessionId } = addressOf(turn);
    const id = activityId(turn.id, field);
    await apiFor(organizationId, reply)
      .createActivity({ ...activity, agentSessionId, id })
      .catch((error: unknown) => {
        if (!isDuplicateActivity(error)) throw error;
      });
    await ledger.set(turn.id, field, id);
  }

  async function setExternalLink(turn: LinearTurn, url: string) {
    const { organizationId, agentSessionId } = addressOf(turn);
    const conversationId = conversationLedgerId(turn.conversationKey);
    if ((await ledger.get(conversationId, REPLY_FIELDS.conversationLink)) === url) return;
    await apiFor(organizationId, FINAL_REPLY).setExternalLink(agentSessionId, url);
    await ledger.set(conversationId, REPLY_FIELDS.conversationLink, url);
  }

  /** The pull requests a turn made, attached to the issue (attaching one again only updates it). */
  async function attachPullRequests(turn: LinearTurn, artifacts: readonly Artifact[]) {
    const { organizationId, issueId } = addressOf(turn);
    // An agent session opened without an issue has nothing to attach to.
    if (!issueId) return;
    for (const artifact of artifacts) {
      if (artifact.kind !== "pull_request" || !artifact.url) continue;
      await apiFor(organizationId, FINAL_REPLY).attachLink(issueId, {
        url: artifact.url,
        title: artifact.title,
        subtitle: "Pull request by Baton",
      });
    }
  }

  /** Once per agent session that has an issue: the issue to started, delegated to Baton. */
  async function startIssue(turn: LinearTurn) {
    const { organizationId, issueId } = addressOf(turn);
    if (!startIssues || !issueId) return;
    const conversationId = conversationLedgerId(turn.conversationKey);
    if (await ledger.get(conversationId, REPLY_FIELDS.itemClaimed)) return;
    const viewer = await viewerOf(organizationId);
    // Only an app user can be delegated an issue; with a person's API key the issue only moves.
    const started = await startLinearIssue(
      apiFor(organizationId),
      issueId,
      viewer.app ? viewer.id : undefined,
      issues.take(turn.id, issueId),
    );
    await ledger.set(conversationId, REPLY_FIELDS.itemClaimed, started.kind);
    if (started.kind === "updated")
      log.info("bots.linear.issue_started", {
        turn_id: turn.id,
        moved: started.movedTo !== undefined,
        delegated: started.delegated,
      });
  }

  return {
    async note(session, { turnId, text }) {
      const { conversation } = session;
      // The activity's id is stable per turn: Linear refuses a second one with the same id.
      await apiFor(conversation.organizationId)
        .createActivity({
          agentSessionId: conversation.agentSessionId,
          id: activityId(turnId, REPLY_FIELDS.originNote),
          content: { type: "thought", body: text },
        })
        .catch((error: unknown) => {
          if (!isDuplicateActivity(error)) throw error;
        });
    },
    async prepare(turn) {
      const { organizationId } = addressOf(turn);
      const api = apiFor(organizationId);
      const keeping: LinearApi = {
        ...api,
        issueContext: async (issueId) => {
          const issue = await api.issueContext(issueId);
          issues.keep(turn.id, issue);
          return issue;
        },
      };
      return prepareLinearRequest({ request: turn.request, api: keeping, mappings });
    },
    async acknowledge(turn) {
      await postOnce(turn, REPLY_FIELDS.workingMessage, {
        content: { type: "thought", body: "Got it. On it…" },
      });
      log.debug("bots.linear.acknowledged", { turn_id: turn.id, delivery_id: turn.request.deliveryId });
    },
    async working(turn, context) {
      // The link first: it also tells Linear that the session is alive.
      if (context.shareUrl) await setExternalLink(turn, context.shareUrl);
      await startIssue(turn);
      const { shareUrl: _link, ...working } = context;
      if (!(await ledger.claim(turn.id, REPLY_FIELDS.workingContext, JSON.stringify(working)))) return;
      const model = context.model ? `, model ${context.model}` : "";
      const { organizationId, agentSessionId } = addressOf(turn);
      await apiFor(organizationId).createActivity({
        agentSessionId,
        id: activityId(turn.id, REPLY_FIELDS.workingContext),
        content: {
          type: "thought",
          body: `Working in ${describeTarget(context.target)} (${context.backend}${model}).`,
        },
      });
    },
    async progress(turn, status) {
      if (!postProgress) return;
      const { agentSessionId } = addressOf(turn);
      await steps.push(turn, (api) =>
        api.createActivity({
          agentSessionId,
          content: { type: "action", ...splitStatus(status) },
          ephemeral: true,
        }),
      );
    },
    endProgress: (turn) => steps.cancel(turn.id),
    async ask(turn, decision) {
      await steps.cancel(turn.id);
      const elicitation = renderLinearElicitation(decision);
      const conversationId = conversationLedgerId(turn.conversationKey);
      // Recorded before the question goes out, so that an answer arriving at once finds it.
      await ledger.set(
        conversationId,
        REPLY_FIELDS.askingCandidates,
        JSON.stringify(elicitation.options.map((o) => o.value)),
      );
      await ledger.set(conversationId, REPLY_FIELDS.askingTurn, turn.id);
      await postOnce(turn, REPLY_FIELDS.picker("ask"), {
        content: { type: "elicitation", body: elicitation.body },
        signal: "select",
        signalMetadata: { options: elicitation.options },
      });
    },
    async offerMapping(turn, offer) {
      const rendered = renderLinearMappingOffer(offer);
      const waiting: WaitingMappingOffer = {
        turnId: turn.id,
        placeKey: offer.placeKey,
        placeLabel: offer.placeLabel,
        targetRef: offer.targetRef,
      };
      const conversationId = conversationLedgerId(turn.conversationKey);
      // Recorded before the question goes out, so that an answer arriving at once finds it.
      await ledger.set(conversationId, REPLY_FIELDS.offerWaiting, JSON.stringify(waiting));
      try {
        await postOnce(turn, REPLY_FIELDS.offerWaiting, {
          content: { type: "elicitation", body: rendered.body },
          signal: "select",
          signalMetadata: { options: rendered.options },
        });
      } catch (error) {
        // A question nobody saw has no answer: marked lapsed, the next "yes" in the session is a
        // follow-up for the agent rather than consent to a habit. (Should the post have arrived
        // after all, a reply to it is a follow-up too, and the offer comes again with the habit.)
        await ledger.claim(conversationId, REPLY_FIELDS.offerAnsweredBy(turn.id), "lapsed: not posted");
        throw error;
      }
    },
    async result(turn, outcome, shareUrl) {
      await steps.cancel(turn.id);
      await postOnce(
        turn,
        REPLY_FIELDS.resultPart(0),
        { content: { type: "response", body: renderLinearResponse(outcome, shareUrl) } },
        FINAL_REPLY,
      );
      log.info("bots.linear.result_posted", {
        turn_id: turn.id,
        delivery_id: turn.request.deliveryId,
        status: outcome.status,
      });
      // The session's link and the pull requests' attachments add to the answer, which names them
      // too: failing, they must not take it back (a result that throws is failed, and done again).
      try {
        if (shareUrl) await setExternalLink(turn, shareUrl);
        await attachPullRequests(turn, outcome.artifacts);
      } catch (error) {
        log.warn("bots.linear.result_links_failed", { turn_id: turn.id, error: errorMessage(error) });
      }
    },
    async failed(turn, error) {
      await steps.cancel(turn.id);
      // A refusal says itself what to do; only a failed run invites another try.
      const refused = error.code === "steering_refused" || error.code === "request_refused";
      await postOnce(
        turn,
        REPLY_FIELDS.failed,
        {
          content: {
            type: "error",
            body: refused
              ? error.message
              : `${error.message}\n\nSend a new message in this session to try again.`,
          },
        },
        FINAL_REPLY,
      );
    },
    async declined(turn, reason) {
      await postOnce(turn, REPLY_FIELDS.declined, { content: { type: "error", body: reason } });
    },
  };
}
