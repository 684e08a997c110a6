import {
  allowsTarget,
  type Catalog,
  describeTarget,
  type PickerMode,
  type Target,
  targetId,
} from "@baton/core";
import type { KnownBlock, PlainTextOption } from "@slack/types";

export const PICKER_MAX_BUTTONS = 5;
/** Slack's limit for a static select; bigger catalogs get a select that searches. */
export const STATIC_SELECT_MAX_OPTIONS = 100;
const OPTION_TEXT_MAX_CHARS = 75;

export type { PickerMode };

export const PICK_ACTION_PREFIX = "baton_pick";
export const PICK_SEARCH_ACTION_ID = "baton_pick_search";

/**
 * Every target a catalog offers: repositories, then environments, then "no repository"; only
 * those `allowed` (a channel's `targets`) when given.
 */
export function catalogTargets(catalog: Catalog, allowed: readonly string[] | null = null): Target[] {
  const all: Target[] = [
    ...catalog.repositories.map((r): Target => ({ kind: "repository", repo: r.repo })),
    ...catalog.environments.map((e): Target => ({ kind: "environment", id: e.id })),
    { kind: "none" },
  ];
  return all.filter((target) => allowsTarget(allowed, target));
}

/** The picker's block id carries what a click needs: the mode and the waiting turn. */
export function pickerBlockId(mode: PickerMode, turnId: string): string {
  return `${PICK_ACTION_PREFIX}:${mode}:${turnId}`;
}

export function parsePickerBlockId(blockId: string): { mode: PickerMode; turnId: string } | null {
  const [prefix, mode, turnId] = blockId.split(":");
  if (prefix !== PICK_ACTION_PREFIX || (mode !== "ask" && mode !== "change") || !turnId) return null;
  return { mode, turnId };
}

export function targetOption(target: Target, catalog: Catalog): PlainTextOption {
  const description =
    target.kind === "repository"
      ? catalog.repositories.find((r) => r.repo === target.repo)?.description
      : target.kind === "environment"
        ? catalog.environments.find((e) => e.id === target.id)?.name
        : "work without a codebase";
  const label = description ? `${describeTarget(target)} — ${description}` : describeTarget(target);
  return {
    text: { type: "plain_text", text: truncate(label, OPTION_TEXT_MAX_CHARS) },
    value: targetId(target),
  };
}

/**
 * The picker: one-click buttons for the best candidates, and a select over every target. "No
 * repository" is among the buttons wherever the place allows it, so the picker is never a dead
 * end; where the place has `targets` (`allowed`), only those are offered.
 */
export function pickerBlocks({
  mode,
  turnId,
  reason,
  candidates,
  catalog,
  allowed = null,
  requesterId,
}: {
  mode: PickerMode;
  turnId: string;
  reason: string;
  candidates: Target[];
  catalog: Catalog;
  /** The place's `targets`; any target when null. */
  allowed?: readonly string[] | null;
  requesterId: string;
}): KnownBlock[] {
  const none: Target = { kind: "none" };
  const ranked = candidates
    .filter((t) => t.kind !== "none" && allowsTarget(allowed, t))
    .slice(0, PICKER_MAX_BUTTONS - 1);
  const buttons = [...ranked, ...(allowsTarget(allowed, none) ? [none] : [])].map((target, index) => ({
    type: "button" as const,
    action_id: `${PICK_ACTION_PREFIX}_button_${index}`,
    text: { type: "plain_text" as const, text: truncate(describeTarget(target), OPTION_TEXT_MAX_CHARS) },
    value: targetId(target),
  }));
  const all = catalogTargets(catalog, allowed);
  const select =
    all.length <= STATIC_SELECT_MAX_OPTIONS
      ? {
          type: "static_select" as const,
          action_id: `${PICK_ACTION_PREFIX}_select`,
          placeholder: { type: "plain_text" as const, text: "All targets…" },
          options: all.map((target) => targetOption(target, catalog)),
        }
      : {
          type: "external_select" as const,
          action_id: PICK_SEARCH_ACTION_ID,
          placeholder: { type: "plain_text" as const, text: "Search all targets…" },
          min_query_length: 0,
        };
  const question = mode === "ask" ? "Which codebase should I work in?" : "Which codebase should I switch to?";
  return [
    { type: "section", text: { type: "mrkdwn", text: `🤔 *${question}* ${reason}` } },
    { type: "actions", block_id: pickerBlockId(mode, turnId), elements: [...buttons, select] },
    { type: "context", elements: [{ type: "mrkdwn", text: `Only <@${requesterId}> can choose.` }] },
  ];
}

/** The options of the searching select: targets (of those `allowed`, when given) whose label holds the query. */
export function searchTargetOptions(
  catalog: Catalog,
  query: string,
  allowed: readonly string[] | null = null,
): PlainTextOption[] {
  const needle = query.trim().toLowerCase();
  return catalogTargets(catalog, allowed)
    .map((target) => targetOption(target, catalog))
    .filter(
      (option) =>
        needle === "" || option.text.text.toLowerCase().includes(needle) || option.value?.includes(needle),
    )
    .slice(0, STATIC_SELECT_MAX_OPTIONS);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
