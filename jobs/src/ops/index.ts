/**
 * `@walkon/jobs/ops`: the worker's metrics and its ops HTTP server (docs/OPERATIONS.md "Health", "Metrics"); the
 * readiness check and the base registry both processes use are `@walkon/integrations/ops`.
 */
export { createWorkerMetrics, isThrottling, type WorkerMetrics } from './metrics.ts';
export { type OpsServer, startOpsServer } from './server.ts';
