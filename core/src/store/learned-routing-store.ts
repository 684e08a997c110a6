import { z } from "zod";
import { ROUTING_PLACE_KEY_PATTERN, type RoutingPlace } from "../learning/routing-place.js";
import type { RedisStoreOptions } from "./redis-store-options.js";

/** A place keeps the choices of this many conversations (the newest): old habits fade out. */
export const LEARNED_VOTES_PER_PLACE_MAX = 50;

/** One conversation's choice: the target (as the catalog writes it) a person chose there. */
export interface LearnedVote {
  conversationKey: string;
  targetRef: string;
  actorId: string;
  at: string;
}

/** A place's mapping made permanent by a person in the thread (until forgotten or exported). */
export interface AcceptedMapping {
  targetRef: string;
  byId: string;
  at: string;
}

/** What Baton learned of one place. */
export interface LearnedPlace {
  place: RoutingPlace;
  votes: LearnedVote[];
  accepted: AcceptedMapping | null;
  /** The targets already offered as the place's mapping: each is offered once. */
  offered: string[];
}

/**
 * Routing's memory, in Redis beside the rest of Baton's state (`<prefix>:learned:…`). A place's
 * keys share one hash tag so that each write is one MULTI in one Redis Cluster slot. Nothing
 * expires: what was learned stays until it fades out of the newest votes or is forgotten.
 */
export interface LearnedRoutingStore {
  /** Records a conversation's choice; a conversation's later choice replaces its earlier one. */
  recordVote(place: RoutingPlace, vote: LearnedVote): Promise<void>;
  read(placeKey: string): Promise<LearnedPlace | null>;
  list(): Promise<LearnedPlace[]>;
  accept(placeKey: string, mapping: AcceptedMapping): Promise<void>;
  /** True the first time a target is offered for a place. */
  markOffered(placeKey: string, targetRef: string): Promise<boolean>;
  /** Takes back `markOffered`: the offer was never posted. */
  unmarkOffered(placeKey: string, targetRef: string): Promise<void>;
  /** Forgets everything learned of a place; false when nothing was known. */
  forget(placeKey: string): Promise<boolean>;
}

const placeSchema = z.object({
  key: z.string().regex(ROUTING_PLACE_KEY_PATTERN),
  label: z.string(),
  catalogPath: z.array(z.string()).min(1),
});
const voteSchema = z.object({ targetRef: z.string(), actorId: z.string(), at: z.string() });
const acceptedSchema = z.object({ targetRef: z.string(), byId: z.string(), at: z.string() });

export function createLearnedRoutingStore({ redis, keys }: RedisStoreOptions): LearnedRoutingStore {
  const placesKey = keys.scoped("learned", "places");
  const keyOf = (placeKey: string, part: "place" | "votes" | "order" | "offered") => {
    if (!ROUTING_PLACE_KEY_PATTERN.test(placeKey))
      throw new Error(`"${placeKey}" is not a place key (no whitespace or braces).`);
    return keys.scoped("learned", `{${placeKey}}`, part);
  };

  async function read(placeKey: string): Promise<LearnedPlace | null> {
    const [meta, votes, offered] = await Promise.all([
      redis.hgetall(keyOf(placeKey, "place")),
      redis.hgetall(keyOf(placeKey, "votes")),
      redis.smembers(keyOf(placeKey, "offered")),
    ]);
    const place = placeSchema.safeParse(parseJson(meta.place));
    if (!place.success) return null;
    const accepted = acceptedSchema.safeParse(parseJson(meta.accepted));
    return {
      place: place.data,
      // A vote that does not read back (written by another version) is left out, not guessed at.
      votes: Object.entries(votes)
        .flatMap(([conversationKey, raw]) => {
          const vote = voteSchema.safeParse(parseJson(raw));
          return vote.success ? [{ conversationKey, ...vote.data }] : [];
        })
        .sort((a, b) => a.at.localeCompare(b.at)),
      accepted: accepted.success ? accepted.data : null,
      offered: offered.sort(),
    };
  }

  return {
    async recordVote(place, vote) {
      const order = keyOf(place.key, "order");
      const votesKey = keyOf(place.key, "votes");
      await redis
        .multi()
        .hset(keyOf(place.key, "place"), "place", JSON.stringify(place))
        .hset(
          votesKey,
          vote.conversationKey,
          JSON.stringify({ targetRef: vote.targetRef, actorId: vote.actorId, at: vote.at }),
        )
        .zadd(order, Date.parse(vote.at), vote.conversationKey)
        .exec();
      await redis.sadd(placesKey, place.key);
      const excess = (await redis.zcard(order)) - LEARNED_VOTES_PER_PLACE_MAX;
      if (excess > 0) {
        const oldest = await redis.zrange(order, 0, excess - 1);
        await redis
          .multi()
          .zrem(order, ...oldest)
          .hdel(votesKey, ...oldest)
          .exec();
      }
    },
    read,
    async list() {
      const placeKeys = (await redis.smembers(placesKey)).sort();
      const places = await Promise.all(placeKeys.map(read));
      return places.filter((place): place is LearnedPlace => place !== null);
    },
    async accept(placeKey, mapping) {
      await redis.hset(keyOf(placeKey, "place"), "accepted", JSON.stringify(mapping));
    },
    async markOffered(placeKey, targetRef) {
      return (await redis.sadd(keyOf(placeKey, "offered"), targetRef)) === 1;
    },
    async unmarkOffered(placeKey, targetRef) {
      await redis.srem(keyOf(placeKey, "offered"), targetRef);
    },
    async forget(placeKey) {
      // What a person typed (a pasted space, braces) may be no place's key: nothing is known of it.
      if (!ROUTING_PLACE_KEY_PATTERN.test(placeKey)) return false;
      const parts = ["place", "votes", "order", "offered"] as const;
      const removed = await redis.del(...parts.map((part) => keyOf(placeKey, part)));
      await redis.srem(placesKey, placeKey);
      return removed > 0;
    },
  };
}

function parseJson(raw: string | undefined): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
