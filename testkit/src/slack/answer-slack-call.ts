import type { FakeSlackOutcome } from "./call-recorder.js";
import type { SlackAuthCheck } from "./check-slack-auth.js";
import type { FakeSlackFailure } from "./failure-script.js";
import { appMethods } from "./methods/app-methods.js";
import { chatMethods } from "./methods/chat-methods.js";
import { conversationMethods } from "./methods/conversation-methods.js";
import type {
  FakeSlackAnswer,
  FakeSlackMethod,
  FakeSlackMethodContext,
} from "./methods/fake-slack-method.js";
import { workspaceMethods } from "./methods/workspace-methods.js";
import type { ParseSlackApiBodyResult } from "./parse-slack-api-body.js";

// A Map, not an object lookup, so a method named like "constructor" is unknown rather than inherited.
const METHODS = new Map<string, FakeSlackMethod>(
  Object.entries({ ...chatMethods, ...conversationMethods, ...workspaceMethods, ...appMethods }),
);

export interface AnswerSlackCallOptions {
  method: string;
  parsed: ParseSlackApiBodyResult;
  auth: SlackAuthCheck;
  scripted: FakeSlackFailure | undefined;
  context: FakeSlackMethodContext;
}

/** What to send back: a JSON answer for HTTP 200, or `undefined` when the outcome is a bare HTTP failure. */
export interface SlackCallAnswer {
  outcome: FakeSlackOutcome;
  answer: FakeSlackAnswer | undefined;
}

/**
 * Decides the response to one Web API call. A scripted failure wins over everything so tests get
 * exactly what they asked for; after that the checks run in Slack's order: body, method, token.
 */
export function answerSlackCall({
  method,
  parsed,
  auth,
  scripted,
  context,
}: AnswerSlackCallOptions): SlackCallAnswer {
  if (scripted !== undefined) {
    const answer = scripted.kind === "error" ? { ok: false as const, error: scripted.error } : undefined;
    return { outcome: scripted, answer };
  }
  const answer = runMethod(method, parsed, auth, context);
  return { outcome: answer.ok ? { kind: "ok" } : { kind: "error", error: answer.error }, answer };
}

function runMethod(
  method: string,
  parsed: ParseSlackApiBodyResult,
  auth: SlackAuthCheck,
  context: FakeSlackMethodContext,
): FakeSlackAnswer {
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const run = METHODS.get(method);
  if (run === undefined) return { ok: false, error: "unknown_method" };
  if (auth.error !== undefined) return { ok: false, error: auth.error };
  return run(context);
}
