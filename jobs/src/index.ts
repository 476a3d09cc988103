// @walkon/jobs, the whole package: the CLI, scripts, benchmarks and tests import from here. The API process
// imports only the narrow entry points (package.json "exports": ./producers, ./upstream, ./providers, ./env,
// ./logger; ./worker starts the worker), which `make lint` enforces (biome.json).

export { type JobsEnv, loadJobsEnv } from './env.ts';
export { DEMO_HISTORY, type HistoryDataset, type ImportResult, importHistory, parseSeries, splitCsvLine } from './history/import.ts';
export { createLogger, type Logger } from './logger.ts';
export { sendConfirmation } from './pipeline/confirmations.ts';
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
export { collectHistory, HISTORY_EVERY_MS, historyOffsetFor, historySchedulerId, reconcileHistorySchedulers } from './pipeline/history.ts';
export { type AutoBookingResult, runAutoBooking } from './pipeline/lightningLane.ts';
export {
  type AutoBookingChoice,
  type AutoBookingPreference,
  buildAvailability,
  chooseAutoBooking,
  type ExistingBooking,
} from './pipeline/lightningLaneChoice.ts';
export { type PushBatchOutcome, pushKindOf, renderPush, sendPushBatch, sweepPushDeliveries } from './pipeline/pushSend.ts';
export { RESTAURANT_RECHECK_MS, type RestaurantCheckDeps } from './pipeline/restaurantCheck.ts';
export { groupRestaurantAlerts, MEAL_WINDOWS, mealOf, restaurantMatchMessage, suitsPreferredTime } from './pipeline/restaurantRules.ts';
export { claimReturnTimeAlerts, matchReturnTime, type ReturnTimeMatch } from './pipeline/returnTimes.ts';
export { reconcileSchedulers, schedulerId } from './pipeline/schedulers.ts';
export { sendDelivery, sendDeliveryBatch } from './pipeline/send.ts';
export { sweepQueuedDeliveries } from './pipeline/sweeper.ts';
export { runParkTick } from './pipeline/tick.ts';
export * from './producers.ts';
export * from './providers/index.ts';
export {
  createPushSender,
  generateVapidKeys,
  PUSH_TTL_SECONDS,
  PushGoneError,
  PushRejectedError,
  type PushSender,
  PushThrottledError,
  type VapidKeys,
  vapidProblem,
} from './providers/push.ts';
export { buildPushWorker, pushMaintenance } from './pushWorker.ts';
export * from './upstream.ts';
export { buildWorker, runMaintenance, type WalkOnWorker } from './worker.ts';
