// The classifier: its ladder, indexes, LLM step and the mappings it reads. (re-exported by the package's index)
export type { ClassifierLlm, LlmFailureReason } from "./ask-llm-for-target.js";
export { LLM_MAX_CANDIDATES } from "./choose-target-with-llm.js";
export { type ClassifierStep, classifierStep } from "./classifier-step.js";
export { type ClassifierOptions, createClassifier } from "./create-classifier.js";
export { type ClassifierLlmSettings, createClassifierLlm } from "./create-classifier-llm.js";
export {
  type ContextCache,
  type ContextCacheOptions,
  createContextCache,
} from "./create-context-cache.js";
export type { TargetEvidence, TermEvidence } from "./create-lexical-index.js";
export {
  createMappingIndex,
  type MappingIndex,
  type MappingMatch,
} from "./create-mapping-index.js";
export { EXPLAIN_MAX_TARGETS, explainRanking } from "./explain-ranking.js";
export { fillRequestContext } from "./fill-request-context.js";
export {
  createLearnedMappings,
  createWrittenMappingCheck,
  type LearnedMappings,
} from "./learned-mappings.js";
export type { LlmTargetAnswer } from "./llm-target-answer.js";
export {
  defuseRequestFlags,
  type ParsedRequestText,
  parseRequestText,
} from "./parse-request-text.js";
export { formatContextList, readContextList } from "./request-context.js";
export type {
  RequestContextProvider,
  RequestContextProviders,
} from "./request-context-provider.js";
