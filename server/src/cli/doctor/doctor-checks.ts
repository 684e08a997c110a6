import type { BotModule } from "@baton/core";
import { BOT_MODULES } from "../../bots/bot-modules.js";
import type { Config } from "../../config/load-config.js";
import { planBackendDoctorCheck } from "./backend-doctor-check.js";
import { catalogDoctorCheck } from "./catalog-doctor-check.js";
import { codexBackendDoctorCheck } from "./codex-backend-doctor-check.js";
import type { DoctorCheck } from "./doctor-check.js";
import { openAIBackendDoctorCheck } from "./openai-backend-doctor-check.js";
import { openInspectBackendDoctorCheck } from "./openinspect-backend-doctor-check.js";
import { publicUrlDoctorCheck } from "./public-url-doctor-check.js";
import { redisDoctorCheck } from "./redis-doctor-check.js";

/**
 * Everything `baton doctor` checks, in the order it reports: Redis, then each platform of
 * `modules` (its module's `doctor`, in the modules' order), then the rest. A new backend adds its
 * check here; a platform brings its own. A check that does not concern the configuration answers
 * `not_applicable` and prints nothing.
 */
export function doctorChecksFor(modules: readonly BotModule<Config>[]): DoctorCheck[] {
  return [
    redisDoctorCheck,
    ...modules.flatMap((module) => (module.doctor ? [module.doctor] : [])),
    publicUrlDoctorCheck,
    planBackendDoctorCheck,
    openAIBackendDoctorCheck,
    codexBackendDoctorCheck,
    openInspectBackendDoctorCheck,
    catalogDoctorCheck,
  ];
}

/** What `baton doctor` checks: Baton's own checks and those of every listed platform. */
export const DOCTOR_CHECKS: readonly DoctorCheck[] = doctorChecksFor(BOT_MODULES);
