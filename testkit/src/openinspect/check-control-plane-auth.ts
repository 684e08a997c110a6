import { verifySig1Signature } from "./verify-sig1-signature.js";

/** The platform whose users each identity may act for (`slack-bot` for `slack:U…`, …). */
const ACTOR_NAMESPACE: Record<string, string> = {
  "slack-bot": "slack",
  "github-bot": "github",
  "linear-bot": "linear",
};

/** The callers the control plane knows; each has its own `SERVICE_AUTH_SECRET_<NAME>`. */
const KNOWN_SERVICES = ["web", "slack-bot", "github-bot", "linear-bot"];

export type ControlPlaneAuth =
  | { ok: true; service: string; actor: string | undefined }
  /** `not_configured`: a known identity whose secret the control plane lacks (it answers 500). */
  | { ok: false; reason: "signature" | "actor_namespace" | "not_configured" };

/**
 * The control plane's service check: a valid sig1 signature from a known identity, and an actor (if
 * any) of that identity's own platform; `web` may act for anyone. `github:` actors are numeric ids.
 */
export function checkControlPlaneAuth({
  headers,
  method,
  url,
  body,
  secrets,
}: {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  url: string;
  body: Buffer;
  secrets: Readonly<Record<string, string>>;
}): ControlPlaneAuth {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const service = header("x-openinspect-service");
  const actor = header("x-openinspect-actor");
  if (service !== undefined && KNOWN_SERVICES.includes(service) && secrets[service] === undefined)
    return { ok: false, reason: "not_configured" };
  const signed = { service, header: header("x-openinspect-service-signature"), method, url, body, actor };
  if (service === undefined || !verifySig1Signature(signed, secrets))
    return { ok: false, reason: "signature" };
  if (actor !== undefined && service !== "web") {
    const [namespace, id = ""] = actor.split(":", 2);
    const allowed = ACTOR_NAMESPACE[service];
    if (namespace !== allowed || id === "" || (namespace === "github" && !/^\d+$/.test(id)))
      return { ok: false, reason: "actor_namespace" };
  }
  return { ok: true, service: service, actor };
}
