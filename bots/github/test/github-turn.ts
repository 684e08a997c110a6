import { conversationKey, type PlatformTurn } from "@baton/core";

/** A turn asked in a comment on issue `number` of `repository`, in installation `installationId`. */
export function githubTurn(
  id: string,
  number: number,
  installationId: number,
  repository = "acme/api",
): PlatformTurn<"github"> {
  const [owner = "", repo = ""] = repository.split("/");
  const conversation = { platform: "github" as const, installationId, owner, repo, number };
  return {
    id,
    conversationKey: conversationKey(conversation),
    request: {
      version: 1,
      id,
      deliveryId: `delivery-${id}`,
      conversation,
      actor: { platform: "github", id: "octocat" },
      text: "fix the flaky login test",
      attachments: [],
      hints: {},
      replyTo: { platform: "github", kind: "issue" },
      context: {},
      receivedAt: new Date().toISOString(),
    },
  };
}
