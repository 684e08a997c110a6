import type { FakeRemoteArtifact, FakeRemoteEvent, FakeRemoteSession } from "./fake-control-plane-types.js";

export type SessionEventLog = ReturnType<typeof createSessionEventLog>;

/**
 * How the control plane stores a session's events: a prompt's `token` (id `token:<messageId>`)
 * and its `execution_complete` are upserted and move to the newest place with their new content;
 * each `tool_call` (id `tool_call:<callId>`) keeps its place and time while its data grows; all
 * others are new events. Every write is broadcast as a `sandbox_event`.
 */
export function createSessionEventLog({
  broadcast,
  nextId,
}: {
  broadcast(session: FakeRemoteSession, message: Record<string, unknown>): void;
  nextId(prefix: string): string;
}) {
  const now = () => new Date().toISOString();

  function record(
    session: FakeRemoteSession,
    type: string,
    data: Record<string, unknown>,
    messageId: string,
  ) {
    const upsertId =
      type === "token" || type === "execution_complete"
        ? `${type}:${messageId}`
        : type === "tool_call" && typeof data.callId === "string"
          ? `tool_call:${data.callId}`
          : undefined;
    const existing = upsertId ? session.events.findIndex((event) => event.id === upsertId) : -1;
    if (existing >= 0 && type === "tool_call") {
      const kept = session.events[existing]!;
      kept.data = data;
      broadcast(session, { type: "sandbox_event", event: flattenEvent(kept) });
      return;
    }
    if (existing >= 0) session.events.splice(existing, 1);
    const event: FakeRemoteEvent = { id: upsertId ?? nextId("evt"), type, data, messageId, createdAt: now() };
    session.events.push(event);
    broadcast(session, { type: "sandbox_event", event: flattenEvent(event) });
  }

  /** Stores an artifact and its event; a screenshot's or video's `url` becomes its storage key. */
  function recordArtifact(
    session: FakeRemoteSession,
    messageId: string,
    input: Omit<FakeRemoteArtifact, "id" | "createdAt">,
  ) {
    const id = nextId("art");
    const media = input.type === "screenshot" || input.type === "video";
    const extension = input.type === "video" ? "webm" : "png";
    const url = media ? `sessions/${session.id}/media/${id}.${extension}` : input.url;
    const artifact = { ...input, url, id, createdAt: now() };
    session.artifacts.push(artifact);
    broadcast(session, { type: "artifact_created", artifact });
    record(
      session,
      "artifact",
      { artifactType: artifact.type, url, artifactId: id, metadata: artifact.metadata },
      messageId,
    );
  }

  return { record, recordArtifact };
}

/** Events on the WebSocket are flat: `{type, messageId, …data}`. */
export function flattenEvent(event: FakeRemoteEvent): Record<string, unknown> {
  return {
    ...event.data,
    type: event.type,
    messageId: event.messageId,
    timestamp: Date.parse(event.createdAt),
  };
}
