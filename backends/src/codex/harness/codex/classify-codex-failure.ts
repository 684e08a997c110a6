import type { HarnessFailureReason } from "../coding-harness.js";

export interface ClassifiedFailure {
  reason: HarnessFailureReason;
  /** Fit for the thread: says what happened and what to do, without URLs, ids or keys. */
  message: string;
}

const MAX_DETAIL_CHARS = 300;

/**
 * Turns the CLI's failure text (`turn.failed`, a stream error, its exit) into a reason and a
 * message for the person. The CLI reports the model server's HTTP status and error text as it got
 * them, e.g. "unexpected status 401 Unauthorized: …" or "The model `x` does not exist …".
 */
export function classifyCodexFailure(text: string, model: string): ClassifiedFailure {
  if (/\b40[13]\b|unauthori[sz]ed|forbidden|invalid_api_key|incorrect api key/i.test(text)) {
    return {
      reason: "auth",
      message:
        "The model server refused Baton's API key. An operator needs to check OPENAI_API_KEY (and OPENAI_BASE_URL).",
    };
  }
  if (
    /model_not_found|does not exist|unknown model|model .{0,80} not (?:found|supported)|unsupported model/i.test(
      text,
    )
  ) {
    return {
      reason: "unknown_model",
      message: `The model server does not offer the model \`${model}\`. Pick another one with \`!model\`, or ask an operator to check the catalog's models.`,
    };
  }
  // The model server's account has no quota or credit left ("Quota exceeded. Check your plan and
  // billing details." for an API key, "You've hit your usage limit" for a plan): no wait cures it.
  if (/quota exceeded|insufficient_quota|usage limit|usage_not_included/i.test(text)) {
    return {
      reason: "quota",
      message:
        "The model server says Baton's account is out of quota. An operator needs to check its plan and billing.",
    };
  }
  if (
    /reconnecting|connection (?:failed|refused|reset)|error sending request|dns error|stream disconnected/i.test(
      text,
    )
  ) {
    return unreachableFailure();
  }
  return { reason: "harness", message: `The coding agent stopped: ${cleanDetail(text)}` };
}

export function unreachableFailure(): ClassifiedFailure {
  return {
    reason: "model_unreachable",
    message:
      "The model server could not be reached, so the agent stopped. An operator needs to check OPENAI_BASE_URL.",
  };
}

// Drops what only an operator needs (the server's URL and request id) and keeps it short.
function cleanDetail(text: string): string {
  const detail = text
    .replace(/,?\s*url: \S+/gi, "")
    .replace(/,?\s*request id: \S+/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  return detail.length > MAX_DETAIL_CHARS
    ? `${detail.slice(0, MAX_DETAIL_CHARS)}…`
    : detail || "no reason given.";
}
