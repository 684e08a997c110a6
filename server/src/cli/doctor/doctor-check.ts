import type { DoctorCheck as CheckOf, DoctorContext as ContextOf } from "@baton/core";
import type { Config } from "../../config/load-config.js";

export type { DoctorCheckResult, DoctorFinding } from "@baton/core";

/** `baton doctor`'s own checks see the server's whole configuration (core states the contract). */
export type DoctorContext = ContextOf<Config>;
export type DoctorCheck = CheckOf<Config>;
