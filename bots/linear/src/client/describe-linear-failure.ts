import { LinearError, LinearErrorType } from "@linear/sdk";
import { ZodError } from "zod";

/** How much of an answer's body a message quotes. */
const BODY_EXCERPT_MAX_CHARS = 160;

/**
 * Why a call to Linear got no usable answer: Linear refused the credentials (401/403); it could
 * not be asked, or is away for now (network, 5xx, 429); or it answered something Baton cannot
 * read (another server's page, JSON of another shape, GraphQL errors, another 4xx), which
 * waiting does not fix.
 */
export type LinearFailure =
  | { kind: "refused"; message: string }
  | { kind: "unreachable"; message: string }
  | { kind: "unexpected_answer"; message: string };

/** What the SDK's GraphQL client keeps of the HTTP answer (`LinearError.raw.response`). */
interface RawAnswer {
  status?: number;
  /** The body, when it was not JSON. */
  error?: string;
  errors?: Array<{ message?: string }>;
  [field: string]: unknown;
}

const EXPECTED = "Linear answered 200 but the body was not the GraphQL answer expected";

/**
 * A failed Linear call, described for the operator: the HTTP status, an excerpt of a body that is
 * not Linear's, the GraphQL errors, or the fields of the answer that were not as expected. The
 * SDK reads every 4xx as an authentication error; only 401 and 403 count as refused here.
 */
export function describeLinearFailure(error: unknown): LinearFailure {
  if (error instanceof ZodError) {
    const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    return { kind: "unexpected_answer", message: `${EXPECTED}: ${issues.join("; ")}` };
  }
  if (!(error instanceof LinearError)) return unreachable(error);
  const answer = rawAnswerOf(error);
  const status = error.status ?? answer?.status;
  if (status === undefined || answer === undefined) return unreachable(error.raw ?? error);
  const authentication =
    error.type === LinearErrorType.AuthenticationError || error.type === LinearErrorType.Forbidden;
  if ((status === 401 || status === 403) && authentication)
    return { kind: "refused", message: `Linear refused the credentials: ${error.message.split(" - ")[0]}` };
  const graphqlErrors = (answer.errors ?? []).map((e) => e.message).filter(Boolean);
  if (status === 200 && graphqlErrors.length > 0)
    return {
      kind: "unexpected_answer",
      message: `Linear answered with GraphQL errors: ${graphqlErrors.join("; ")}`,
    };
  if (status === 200) return { kind: "unexpected_answer", message: `${EXPECTED}: ${describeBody(answer)}` };
  const message = `Linear answered HTTP ${status}: ${graphqlErrors.join("; ") || describeBody(answer)}`;
  return status === 429 || status >= 500
    ? { kind: "unreachable", message }
    : { kind: "unexpected_answer", message };
}

function rawAnswerOf(error: LinearError): RawAnswer | undefined {
  const raw = error.raw as { response?: unknown } | undefined;
  const response = raw?.response;
  return response !== null && typeof response === "object" ? (response as RawAnswer) : undefined;
}

function describeBody(answer: RawAnswer): string {
  if (typeof answer.error === "string") return excerpt(answer.error) || "an empty body";
  const fields = Object.keys(answer).filter((key) => key !== "status" && key !== "headers");
  return `a JSON object with neither data nor errors (${fields.join(", ") || "no fields"})`;
}

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > BODY_EXCERPT_MAX_CHARS ? `${flat.slice(0, BODY_EXCERPT_MAX_CHARS)}…` : flat;
}

function unreachable(error: unknown): LinearFailure {
  const { message, cause } = error instanceof Error ? error : { message: String(error), cause: undefined };
  // fetch says only "fetch failed"; why (refused, reset, DNS) is in its cause.
  const why = cause instanceof Error ? `: ${cause.message}` : "";
  const code = (cause as { code?: unknown } | undefined)?.code;
  return {
    kind: "unreachable",
    message: `Linear could not be reached: ${message}${why}${typeof code === "string" ? ` (${code})` : ""}`,
  };
}
