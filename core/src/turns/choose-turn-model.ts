import type { BackendModels } from "../config/catalog.js";

export type TurnModelChoice =
  /**
   * `model`: what this turn runs on (undefined when neither the catalog nor the backend names a
   * default: the backend then picks). `sessionModel`: what the session remembers for later turns,
   * only ever a model someone chose.
   */
  | { kind: "chosen"; model: string | undefined; sessionModel: string | undefined }
  | { kind: "not_allowed"; requested: string; allowed: string[] };

export interface ChooseTurnModelInput {
  /** `!model NAME` / `--model NAME` on this turn. */
  requested?: string | undefined;
  /** The model an earlier turn of the session chose. */
  sessionModel?: string | undefined;
  backend: { name: string; defaultModel?: string | undefined };
  /** The catalog's `models:` key, by backend name. */
  models: Readonly<Record<string, BackendModels>>;
}

/**
 * The model rules, the same for every backend: a model named on a turn counts for that turn and
 * the session's later ones; otherwise the session keeps what it chose; otherwise the catalog's
 * default for the backend, then the backend's own. When the catalog lists models for the backend
 * a name outside the list is refused (never a silent fallback); without a list any name goes.
 * Names match without regard to case and take the catalog's spelling.
 *
 * @example
 * chooseTurnModel({ requested: "GPT-5", backend: { name: "openai" }, models: { openai: { allowed: ["gpt-5"] } } });
 * // { kind: "chosen", model: "gpt-5", sessionModel: "gpt-5" }
 */
export function chooseTurnModel({
  requested,
  sessionModel,
  backend,
  models,
}: ChooseTurnModelInput): TurnModelChoice {
  const policy = models[backend.name];
  const allowed = [...new Set([...(policy?.default ? [policy.default] : []), ...(policy?.allowed ?? [])])];
  const canonical = (name: string): string | undefined => {
    if (allowed.length === 0) return name;
    return allowed.find((model) => model.toLowerCase() === name.toLowerCase());
  };
  if (requested) {
    const model = canonical(requested);
    if (!model) return { kind: "not_allowed", requested, allowed };
    return { kind: "chosen", model, sessionModel: model };
  }
  // A model the catalog no longer lists falls back to the default rather than refusing a turn
  // that named none.
  const kept = sessionModel ? canonical(sessionModel) : undefined;
  if (kept) return { kind: "chosen", model: kept, sessionModel: kept };
  return { kind: "chosen", model: policy?.default ?? backend.defaultModel, sessionModel: undefined };
}

/** The reply to a model that is not allowed: it names the ones that are. */
export function describeModelRefusal(choice: Extract<TurnModelChoice, { kind: "not_allowed" }>): string {
  const names = choice.allowed.map((model) => `\`${model}\``).join(", ");
  return `The model \`${choice.requested}\` is not one Baton may use here. Choose one of ${names} (for example \`!model ${choice.allowed[0]}\`), or leave \`!model\` out for the default.`;
}
