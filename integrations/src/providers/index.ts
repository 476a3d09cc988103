/**
 * `@walkon/integrations/providers`: the external services behind their interfaces (docs/DESIGN.md §5) — wait-time sources,
 * dining availability, flight search, notifiers — with the factories that pick one from the environment, for
 * the processes that wire them (worker, API, CLI).
 */

export * from './dining/index.ts';
export * from './flights/index.ts';
export * from './notify/index.ts';
export * from './push.ts';
export * from './waitTimes/index.ts';
export { parseReturnTimes, type ReturnQueueType as LiveReturnQueueType, type ReturnTimeQueue } from './waitTimes/returnTimes.ts';
