import { channelJob, channels } from '../channels/index.ts';
import type { JobDefinition } from './definition.ts';
import { historyJob } from './history.ts';
import { maintenanceJob } from './maintenance.ts';
import { pollParkJob } from './pollPark.ts';

/**
 * Every job the worker runs, one definition per queue (docs/DESIGN.md §2), in the order the worker starts them: the poll,
 * one send job per registered delivery channel (channels/job.ts, docs/decisions/062), maintenance and history. A
 * function, so a channel registered before the worker is built gets its job.
 */
export function workerJobs(): JobDefinition[] {
  return [pollParkJob, ...channels().map(channelJob), maintenanceJob, historyJob] as JobDefinition[];
}
