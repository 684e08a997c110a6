/**
 * The classifier's learning run: a sequence of requests in a few Slack channels that no mapping
 * covers, where a person answers every question Baton asks (a picker answer) and corrects every
 * wrong choice (Change target). Measured twice on the same sequence: without routing's memory
 * and with it (core's learner and store on a real Redis, under a prefix of its own that is removed
 * afterwards), so that the asks falling and the wrong answers learning adds are read side by side.
 *
 * Four channels have a home repository (most requests there name nothing; some are clearly about
 * another repository); in a fifth, people's requests go to three repositories in turn and never
 * agree, which must keep Baton asking rather than teach it a wrong habit.
 */
import {
  type Catalog,
  createClassifier,
  createLearnedMappings,
  createLearnedRoutingStore,
  createRedisKeys,
  createRoutingLearner,
  createTargetResolver,
  type Decision,
  type RoutingPlaceOf,
  type SessionRequest,
  silentLogger,
  targetId,
} from "@baton/core";
import { Redis } from "ioredis";
import {
  buildEvalRequest,
  type EvalCase,
  scoreDecision,
} from "../../core/test/fixtures/classifier/eval-set.js";
import { BENCH_REDIS_URL, flushPrefix, reportTarget } from "../bench-support.mjs";

const ROUNDS = 8;
/** Every this many rounds a channel's request is about another repository (from the tuning set). */
const ELSEWHERE_EVERY_ROUNDS = 3;

/** Requests that name no repository and match no rule: on their own, Baton can only ask. */
const VAGUE_REQUESTS = [
  "please look into the flaky test that failed twice this morning",
  "the nightly job timed out again, can you find out why",
  "there is a typo in the error message people see",
  "can you bump the dependency that the security scan flagged",
  "the build is red after the last merge, please fix it",
  "someone reported a crash when they click save",
  "add a unit test for the bug we fixed last week",
  "the logs are full of warnings since Tuesday, clean them up",
];

interface Channel {
  id: string;
  name: string;
  /** Where its people's requests go, in turn. */
  homes: readonly string[];
}

const CHANNELS: readonly Channel[] = [
  { id: "C0LRNORDERS", name: "orders-team", homes: ["acme/orders"] },
  { id: "C0LRNSHIP", name: "shipping-ops", homes: ["acme/shipping"] },
  { id: "C0LRNAUTH", name: "identity", homes: ["acme/auth"] },
  { id: "C0LRNFRAUD", name: "risk", homes: ["acme/fraud"] },
  { id: "C0LRNHELP", name: "eng-questions", homes: ["acme/orders", "acme/auth", "acme/fraud"] },
];

interface RunFigures {
  asks: number[];
  wrong: number[];
}

/** One request of the sequence and its right target. */
interface Step {
  round: number;
  request: SessionRequest;
  evalCase: EvalCase;
}

function buildSequence(cases: readonly EvalCase[]): Step[] {
  const elsewhere = cases.filter(
    (c) => c.platform === "slack" && c.expect.includes("/") && !c.accept.includes("ask"),
  );
  const steps: Step[] = [];
  let picked = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [index, channel] of CHANNELS.entries()) {
      const home = channel.homes[(round - 1) % channel.homes.length] as string;
      const away =
        channel.homes.length === 1 && round % ELSEWHERE_EVERY_ROUNDS === 0
          ? elsewhere.filter((c) => c.expect !== home)[picked++ % elsewhere.length]
          : undefined;
      const evalCase: EvalCase = away
        ? {
            ...away,
            id: `${away.id}@${channel.id}`,
            channelId: channel.id,
            context: { ...away.context, "slack.channelName": channel.name },
          }
        : {
            id: `vague-${round}-${channel.id}`,
            platform: "slack",
            tags: [],
            text: VAGUE_REQUESTS[(round + index) % VAGUE_REQUESTS.length] as string,
            context: { "slack.channelName": channel.name },
            channelId: channel.id,
            expect: home,
            accept: [],
          };
      steps.push({ round, evalCase, request: buildEvalRequest(evalCase) });
    }
  }
  return steps;
}

// The place a Slack channel is, as the Slack module names it (bench code may not import a bot).
const channelPlace: RoutingPlaceOf = (request) =>
  request.conversation.platform === "slack"
    ? {
        key: `slack:${request.conversation.channelId}`,
        label: `#${request.context["slack.channelName"] ?? request.conversation.channelId}`,
        catalogPath: ["slack", "channels", request.conversation.channelId, "target"],
      }
    : undefined;

async function runSequence(catalog: Catalog, steps: readonly Step[], redis: Redis | null, prefix: string) {
  const figures: RunFigures = { asks: new Array(ROUNDS).fill(0), wrong: new Array(ROUNDS).fill(0) };
  const store = redis ? createLearnedRoutingStore({ redis, keys: createRedisKeys(prefix) }) : null;
  const resolve = createTargetResolver(catalog);
  const classifier = createClassifier({
    catalog,
    logger: silentLogger,
    ...(store
      ? { learned: createLearnedMappings({ store, placeOf: channelPlace, resolve, logger: silentLogger }) }
      : {}),
  });
  const learner = store ? createRoutingLearner({ store, placeOf: channelPlace, logger: silentLogger }) : null;
  for (const [index, { round, request, evalCase }] of steps.entries()) {
    const decision: Decision = await classifier.classify(request);
    const outcome = scoreDecision(evalCase, decision);
    if (outcome === "asked") figures.asks[round - 1] = (figures.asks[round - 1] ?? 0) + 1;
    if (outcome === "wrong") figures.wrong[round - 1] = (figures.wrong[round - 1] ?? 0) + 1;
    // The person answers the question, or changes a wrong target: both are corrections.
    const corrected = outcome === "asked" || outcome === "wrong";
    const right = resolve(evalCase.expect);
    if (
      corrected &&
      learner &&
      right &&
      (decision.kind === "ask" || targetId(decision.target) !== evalCase.expect)
    )
      await learner.learnFromChoice({ request, conversationKey: `learning-run-${index}`, target: right });
  }
  return figures;
}

/** Runs the sequence without and with learning, prints both by round, and reports the targets. */
export async function runLearningBench(catalog: Catalog, cases: readonly EvalCase[]): Promise<void> {
  const steps = buildSequence(cases);
  const redis = new Redis(BENCH_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const prefix = `bench-learning-${process.pid}`;
  try {
    const without = await runSequence(catalog, steps, null, prefix);
    const learned = await runSequence(catalog, steps, redis, prefix);
    console.log("");
    console.log(
      `learning run: ${CHANNELS.length} unmapped Slack channels × ${ROUNDS} rounds = ${steps.length} requests (4 channels with a home repository, 1 where people disagree); every question answered, every wrong choice changed`,
    );
    console.log("round   asks without  asks learning   wrong without  wrong learning");
    for (let round = 0; round < ROUNDS; round++)
      console.log(
        `${String(round + 1).padStart(5)}  ${String(without.asks[round]).padStart(12)}  ${String(learned.asks[round]).padStart(13)}  ${String(without.wrong[round]).padStart(13)}  ${String(learned.wrong[round]).padStart(14)}`,
      );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const [asksWithout, asksLearned] = [sum(without.asks), sum(learned.asks)];
    const [wrongWithout, wrongLearned] = [sum(without.wrong), sum(learned.wrong)];
    console.log(
      `total  ${String(asksWithout).padStart(12)}  ${String(asksLearned).padStart(13)}  ${String(wrongWithout).padStart(13)}  ${String(wrongLearned).padStart(14)}`,
    );
    const half = ROUNDS / 2;
    const lateWithout = sum(without.asks.slice(half));
    const lateLearned = sum(learned.asks.slice(half));
    console.log(
      `ratio: asks in rounds ${half + 1}-${ROUNDS} with learning are ${lateWithout === 0 ? "-" : (lateLearned / lateWithout).toFixed(2)}× those without (${lateLearned} vs ${lateWithout})`,
    );
    reportTarget({
      name: "classifier: learning run, wrong answers learning adds",
      value: wrongLearned - wrongWithout,
      target: "<= 0",
      met: wrongLearned <= wrongWithout,
    });
    reportTarget({
      name: "classifier: learning run, asks in the later rounds vs without learning",
      value: lateWithout === 0 ? 0 : Number((lateLearned / lateWithout).toFixed(3)),
      target: "< 0.5",
      met: lateLearned < lateWithout * 0.5,
    });
  } finally {
    await flushPrefix(redis, prefix);
    await redis.quit();
  }
}
