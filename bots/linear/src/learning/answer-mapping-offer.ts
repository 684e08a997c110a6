import {
  acceptLearnedMapping,
  type Catalog,
  type CatalogSource,
  conversationKey,
  conversationLedgerId,
  createPickResolver,
  REPLY_FIELDS as FIELDS,
  type LearnedRoutingStore,
  mayChangeRouting,
  type ReplyLedger,
  type SessionRequest,
} from "@baton/core";
import { readMappingOfferAnswer, type WaitingMappingOffer } from "./linear-mapping-offer.js";

const NOT_APPROVER = "Only the people the catalog lists under `learning.approvers` may change routing here.";
const OUT_OF_DATE = "This offer is out of date: Baton no longer knows that choice.";

export type MappingOfferAnswerOutcome =
  /** The prompt answered the offer: `say` tells the session what came of it (after the webhook's 200). */
  | { kind: "accepted" | "declined" | "refused" | "out_of_date"; turnId: string; say(): Promise<void> }
  /** Linear redelivered the prompt that answered the offer: nothing more to do. */
  | { kind: "replayed"; turnId: string }
  /** No offer waits in this agent session, or the prompt is not an answer to it (a follow-up). */
  | { kind: "not_an_answer" };

/** Posts `text` in the offer's agent session, once per answering delivery. */
export type TellOfferAnswer = (
  request: SessionRequest,
  offer: WaitingMappingOffer,
  text: string,
) => Promise<void>;

/**
 * A `prompted` event may answer Baton's "Always use acme/web in the Linear team ENG?" elicitation.
 * Only the prompt right after the offer answers it: anything else lets it lapse, so that a later
 * "yes" to the agent is never read as a change of routing. Accepting is for the catalog's
 * `learning.approvers`, or, when it lists nobody, anyone Linear's access policy admitted (the
 * webhook checked that before this is asked); a refused "yes" leaves the offer open for them.
 */
export function createMappingOfferAnswerer({
  ledger,
  store,
  catalog,
  catalogSource,
  tell,
}: {
  ledger: ReplyLedger;
  store: Pick<LearnedRoutingStore, "read" | "accept">;
  catalog: Catalog;
  /** What discovery lists: an offer of a repository only it knows may be accepted. */
  catalogSource?: CatalogSource;
  tell: TellOfferAnswer;
}) {
  const resolve = createPickResolver(catalog, catalogSource);

  return async function answerMappingOffer(request: SessionRequest): Promise<MappingOfferAnswerOutcome> {
    const conversationId = conversationLedgerId(conversationKey(request.conversation));
    const offer = parseWaitingOffer(await ledger.get(conversationId, FIELDS.offerWaiting));
    if (!offer) return { kind: "not_an_answer" };
    const { turnId } = offer;
    const answeredField = FIELDS.offerAnsweredBy(turnId);
    const answeredBy = await ledger.get(conversationId, answeredField);
    if (answeredBy === request.deliveryId) return { kind: "replayed", turnId };
    if (answeredBy) return { kind: "not_an_answer" };
    const answer = readMappingOfferAnswer(request.text);
    if (!answer) {
      await ledger.claim(conversationId, answeredField, `lapsed ${request.deliveryId}`);
      return { kind: "not_an_answer" };
    }
    const say = (text: string) => () => tell(request, offer, text);
    if (answer === "accept" && !mayChangeRouting(catalog.learning, request.actor.id, true))
      return { kind: "refused", turnId, say: say(NOT_APPROVER) };
    // Two answers at once: the first one counts, and the second is a follow-up like any other.
    if (!(await ledger.claim(conversationId, answeredField, request.deliveryId)))
      return (await ledger.get(conversationId, answeredField)) === request.deliveryId
        ? { kind: "replayed", turnId }
        : { kind: "not_an_answer" };
    if (answer === "decline")
      return {
        kind: "declined",
        turnId,
        say: say("Routing stays as it is. Baton keeps learning from the choices made here."),
      };
    const outcome = await acceptLearnedMapping({
      store,
      settings: catalog.learning,
      resolve,
      placeKey: offer.placeKey,
      targetRef: offer.targetRef,
      userId: request.actor.id,
      allowedInPlace: true,
    });
    if (outcome.kind !== "accepted") return { kind: "out_of_date", turnId, say: say(OUT_OF_DATE) };
    return {
      kind: "accepted",
      turnId,
      say: say(
        `Done: ${outcome.targetRef} is now the mapping of ${outcome.place.label}, and its new issues go there without asking. \`baton catalog forget ${offer.placeKey}\` undoes it.`,
      ),
    };
  };
}

function parseWaitingOffer(raw: string | null): WaitingMappingOffer | undefined {
  if (!raw) return undefined;
  try {
    const offer = JSON.parse(raw) as Partial<WaitingMappingOffer>;
    return typeof offer.turnId === "string" &&
      typeof offer.placeKey === "string" &&
      typeof offer.targetRef === "string"
      ? (offer as WaitingMappingOffer)
      : undefined;
  } catch {
    return undefined;
  }
}
