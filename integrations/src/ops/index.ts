/**
 * `@walkon/integrations/ops`: what both processes expose to operators (docs/OPERATIONS.md "Health", "Metrics"):
 * the readiness check of PostgreSQL and Redis, and the Prometheus registry with the process and pool metrics.
 */

export { createRegistry } from './metrics.ts';
export { checkReadiness, type Readiness } from './readiness.ts';
