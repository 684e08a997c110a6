import { planBackendDoctorCheck } from "./backend-doctor-check.js";
import { catalogDoctorCheck } from "./catalog-doctor-check.js";
import { codexBackendDoctorCheck } from "./codex-backend-doctor-check.js";
import type { DoctorCheck } from "./doctor-check.js";
import { githubDoctorCheck } from "./github-doctor-check.js";
import { linearDoctorCheck } from "./linear-doctor-check.js";
import { openAIBackendDoctorCheck } from "./openai-backend-doctor-check.js";
import { openInspectBackendDoctorCheck } from "./openinspect-backend-doctor-check.js";
import { publicUrlDoctorCheck } from "./public-url-doctor-check.js";
import { redisDoctorCheck } from "./redis-doctor-check.js";
import { slackDoctorCheck } from "./slack-doctor-check.js";

/**
 * Everything `baton doctor` checks, in the order it reports. A new platform or backend adds its
 * check here, one line each; a check that does not concern the configuration answers
 * `not_applicable` and prints nothing.
 */
export const DOCTOR_CHECKS: readonly DoctorCheck[] = [
  redisDoctorCheck,
  slackDoctorCheck,
  githubDoctorCheck,
  linearDoctorCheck,
  publicUrlDoctorCheck,
  planBackendDoctorCheck,
  openAIBackendDoctorCheck,
  codexBackendDoctorCheck,
  openInspectBackendDoctorCheck,
  catalogDoctorCheck,
];
