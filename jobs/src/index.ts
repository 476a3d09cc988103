// @walkon/jobs public API: the server imports producers and sources from here (DESIGN §3).

export { addDaysToDate, parkLocalDate } from './dates.ts';
export { type JobsEnv, loadJobsEnv } from './env.ts';
export { createLogger, type Logger } from './logger.ts';
export { type FlightDealInput, formatFlightDealEmail, formatRideAlertEmail, formatRideAlertSms } from './messages.ts';
export { ensureCatalogue } from './pipeline/catalogue.ts';
export { enqueueConfirmation, enqueueDeliveries } from './pipeline/fanout.ts';
export {
  type FlightPriceCheckDeps,
  type FlightPriceCheckResult,
  type FlightSearcher,
  runFlightPriceCheck,
} from './pipeline/flightPriceCheck.ts';
export {
  cheapestMatch,
  FLIGHT_NOTIFY_INTERVAL_MS,
  type FlightAlertGroup,
  groupAlerts,
  type NotifyInput,
  searchKey,
  searchOf,
  shouldNotify,
} from './pipeline/flightRules.ts';
export { type PollResult, refreshPark } from './pipeline/poll.ts';
export { reconcileSchedulers, schedulerId, syncParkScheduler } from './pipeline/schedulers.ts';
export { sendConfirmation, sendDelivery } from './pipeline/send.ts';
export { sweepQueuedDeliveries } from './pipeline/sweeper.ts';
export { runParkTick } from './pipeline/tick.ts';
export * from './providers/flights/index.ts';
export * from './providers/notify/index.ts';
export * from './providers/waitTimes/index.ts';
export { createQueues, QUEUE, type Queues } from './queues.ts';
export { createRedis } from './redis.ts';
export { buildWorker, runMaintenance, type WalkOnWorker } from './worker.ts';
