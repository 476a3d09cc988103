import { availabilityOf, type LightningLaneAvailability } from '@walkon/domain/rules/lightningLaneChoice';
import { parseReturnTimes } from '@walkon/integrations/providers';

/** A row of `lightningLane.liveReturnQueues` (the stored live state of one entity, its `queue` as upstream wrote it). */
export interface LiveReturnRow {
  id: string;
  name: string;
  parkId: string;
  status: string;
  queue: unknown;
  lastUpdated: Date | null;
  polledAt: Date;
}

/**
 * The Lightning Lane availability list from stored live rows (docs/spec/part-2.md §3): parses each row's upstream queue
 * (`parseReturnTimes`) and applies the domain rule `availabilityOf` (docs/decisions/008).
 * Sorted by name, then id. Never throws on malformed queues (they list nothing).
 */
export function buildAvailability(rows: LiveReturnRow[], ctx: { now: Date; timezone: string | null }): LightningLaneAvailability[] {
  return availabilityOf(
    rows.map(({ queue, ...row }) => ({ ...row, returnQueues: parseReturnTimes(queue) })),
    ctx,
  );
}
