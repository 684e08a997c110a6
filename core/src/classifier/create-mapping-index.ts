import type { Catalog } from "../config/catalog.js";
import type { TargetResolver } from "../config/create-target-resolver.js";
import type { PlatformPolicies, PlatformPolicy } from "../contracts/platform-policy.js";
import type { Platform } from "../schemas/conversation-ref.js";
import type { SessionRequest } from "../schemas/session-request.js";
import type { Target } from "../schemas/target.js";

export interface MappingMatch {
  target: Target;
  reason: string;
}

/** Step 3 of the ladder: where the conversation happens says where the work is. */
export interface MappingIndex {
  mapRequest(request: SessionRequest): MappingMatch | undefined;
}

/**
 * Each platform's own mapping (`PlatformPolicy.mapping`: a channel's target, a team's, the
 * repository a request came from), built once for the catalog; a platform without one maps nothing.
 */
export function createMappingIndex(
  catalog: Catalog,
  resolve: TargetResolver,
  platforms: PlatformPolicies,
): MappingIndex {
  const mappings = new Map<Platform, (request: SessionRequest) => MappingMatch | undefined>();
  for (const policy of platforms.list as readonly PlatformPolicy[]) {
    const mapping = policy.mapping?.(catalog, resolve);
    if (mapping) mappings.set(policy.platform, mapping);
  }
  return {
    mapRequest: (request) => mappings.get(request.conversation.platform)?.(request),
  };
}
