// The catalog's discovered part (see catalog-source.ts), exported by core's index in one line.
export {
  buildRepositoryProfile,
  PROFILE_README_MAX_CHARS,
  type RepositoryProfileInput,
  readmeText,
} from "./build-repository-profile.js";
export type { CatalogFact, CatalogFactSource } from "./catalog-fact.js";
export type { CatalogSnapshot, CatalogSource } from "./catalog-source.js";
export {
  createDiscoveredCatalogStore,
  type DiscoveredCatalogStore,
} from "./create-discovered-catalog-store.js";
export { createLiveClassifier, type LiveClassifierOptions } from "./create-live-classifier.js";
export { describeDiscoveredFacts, describeFileFacts } from "./describe-catalog-facts.js";
export { type DiscoveredRepository, discoveredRepositorySchema } from "./discovered-repository.js";
export {
  type MergedCatalog,
  mergeDiscoveredCatalog,
  type ProfileEvidence,
} from "./merge-discovered-catalog.js";
export { PACKAGE_MANIFESTS, readCodeowners, readPackageName } from "./read-package-names.js";
export {
  PROFILE_MAX_SUMMARY_CHARS,
  PROFILE_MAX_TERMS,
  type RepositoryProfile,
  repositoryProfileSchema,
} from "./repository-profile.js";
