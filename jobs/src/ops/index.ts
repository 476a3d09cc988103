/**
 * `@walkon/jobs/ops`: readiness and metrics for the API and the worker (docs/OPERATIONS.md "Health", "Metrics").
 */
export { createRegistry, createWorkerMetrics, isThrottling, type WorkerMetrics } from './metrics.ts';
export { checkReadiness, type Readiness } from './readiness.ts';
export { type OpsServer, startOpsServer } from './server.ts';
