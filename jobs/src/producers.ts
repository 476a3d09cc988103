/**
 * `@walkon/jobs/producers`: what the API process needs to hand work to the worker (docs/DESIGN.md §3): the queues and
 * their Redis connection, the enqueue functions (deliveries, confirmations, account e-mails) and the per-park job scheduler
 * sync. Nothing here reads upstream or sends a message itself.
 */

export { createRedis } from '@walkon/integrations/redis';
export { enqueueDeliveries, enqueuePushDeliveries } from './channels/index.ts';
export { enqueueAccountEmail } from './pipeline/accountEmails.ts';
export { enqueueConfirmation } from './pipeline/fanout.ts';
export { syncParkScheduler } from './pipeline/schedulers.ts';
export { type AccountEmailJobData, type ConfirmationKind, createQueues, QUEUE, type Queues } from './queues.ts';
