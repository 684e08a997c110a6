export { createPlanBackend, describePlan, PLAN_BACKEND_NAME } from "./plan/create-plan-backend.js";
