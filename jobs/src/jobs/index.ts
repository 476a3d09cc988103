import type { JobDefinition } from './definition.ts';
import { historyJob } from './history.ts';
import { maintenanceJob } from './maintenance.ts';
import { pollParkJob } from './pollPark.ts';
import { sendEmailJob, sendSmsJob } from './send.ts';
import { sendPushJob } from './sendPush.ts';

/** Every job the worker runs, one definition per queue (DESIGN §2), in the order the worker starts them. */
export const JOBS: JobDefinition[] = [pollParkJob, sendEmailJob, sendSmsJob, sendPushJob, maintenanceJob, historyJob] as JobDefinition[];
