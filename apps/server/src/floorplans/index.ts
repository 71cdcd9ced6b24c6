// What other areas may use of floor plans.
export { PLAN_UPLOAD_MAX_BYTES } from './plan-reasons';
export { planPaths } from './plan-paths';
