// @walkon/jobs, the whole package: the worker, its queues, job schedulers and processors, and the CLI; scripts,
// benchmarks and tests import from here. The API process imports only `@walkon/jobs/producers` (biome.json); the
// application steps live in @walkon/core, the providers, logger, Redis factory and environment in @walkon/integrations.

export {
  type AnyChannel,
  type Channel,
  type ChannelBatchOutcome,
  channelNamed,
  channels,
  emailChannel,
  pushChannel,
  registerChannel,
  sendChannelBatch,
  smsChannel,
  sweepChannels,
  sweepQueuedDeliveries,
  unregisterChannel,
} from './channels/index.ts';
export { DEMO_HISTORY, type HistoryDataset, type ImportResult, importHistory, parseSeries, splitCsvLine } from './history/import.ts';
export { accountEmailContent } from './pipeline/accountEmails.ts';
export { sendConfirmation } from './pipeline/confirmations.ts';
export { collectHistory, HISTORY_EVERY_MS, historyOffsetFor, historySchedulerId, reconcileHistorySchedulers } from './pipeline/history.ts';
export { reconcileSchedulers, schedulerId } from './pipeline/schedulers.ts';
export { sendDelivery, sendDeliveryBatch } from './pipeline/send.ts';
export * from './producers.ts';
export { buildWorker, runMaintenance, type WalkOnWorker } from './worker.ts';
