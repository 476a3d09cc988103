import type { inferRouterOutputs } from '@trpc/server';
import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import type { AppRouter } from '@walkon/server';
import { QUEUE_STATE_WORDS } from '../../lib/queueState.ts';

/** What `returnTimeAlerts.list` answers (docs/decisions/017). */
export type ReturnTimeList = inferRouterOutputs<AppRouter>['returnTimeAlerts']['list'];
type Ride = ReturnTimeList['rides'][number];
export type QueueType = 'RETURN_TIME' | 'PAID_RETURN_TIME';
export type QueueView = NonNullable<Ride['returnTimes'][QueueType]>;

/** The UI names of the two queues. */
export const QUEUE_NAMES: Record<QueueType, string> = {
  RETURN_TIME: 'Lightning Lane Multi Pass',
  PAID_RETURN_TIME: 'Lightning Lane Single Pass',
};

/** One control row: an attraction and one of its return-time queues, with the person's alert on it. */
export interface ReturnTimeRow {
  key: string;
  rideId: string;
  rideName: string;
  watching: boolean;
  fresh: boolean;
  /** Why the reading is not fresh, one sentence of the freshness rule (docs/rules.md R56), or null. */
  staleReason: string | null;
  queueType: QueueType;
  /** Live state of the queue, or null when the live data does not publish it (an old alert). */
  queue: QueueView | null;
  /** The alert: undefined = off; null = when available; 'HH:MM' = available before. */
  beforeTime: string | null | undefined;
}

/**
 * The rows of the return-time controls (docs/decisions/017): one per watched attraction and queue type it publishes in
 * the live data, plus any queue that still has an alert (so it can be switched off); attractions in name order,
 * Multi Pass before Single Pass. Also counts the watched attractions offering no Lightning Lane.
 */
export function returnTimeRows(data: Pick<ReturnTimeList, 'rides'>): { rows: ReturnTimeRow[]; notOffered: number } {
  const rows: ReturnTimeRow[] = [];
  let notOffered = 0;
  for (const r of data.rides) {
    let any = false;
    for (const queueType of ['RETURN_TIME', 'PAID_RETURN_TIME'] as const) {
      const queue = r.returnTimes[queueType];
      const alert = r.alerts.find((a) => a.queueType === queueType);
      if (!queue && !alert) continue;
      any = true;
      rows.push({
        key: `${r.rideId}:${queueType}`,
        rideId: r.rideId,
        rideName: r.rideName,
        watching: r.watching,
        fresh: r.fresh,
        staleReason: r.staleReason,
        queueType,
        queue,
        beforeTime: alert ? alert.beforeTime : undefined,
      });
    }
    if (!any && r.watching) notOffered++;
  }
  return { rows, notOffered };
}

/** The live state in words and a badge tone: "Available from 7:20 PM park time", "Sold out", "Temporarily full", "Not offered right now". */
export function queueStateLabel(q: QueueView | null): { text: string; tone: 'green' | 'slate' | 'amber' } {
  if (!q) return { text: 'Not offered right now', tone: 'slate' };
  if (q.available && q.returnStartLocal) return { text: `Available from ${formatClockTime(q.returnStartLocal)} park time`, tone: 'green' };
  if (q.state === 'FINISHED') return { text: QUEUE_STATE_WORDS.FINISHED!, tone: 'slate' };
  if (q.state === 'TEMP_FULL') return { text: QUEUE_STATE_WORDS.TEMP_FULL!, tone: 'amber' };
  if (!q.state) return { text: 'No live state', tone: 'slate' };
  return { text: q.state.charAt(0) + q.state.slice(1).toLowerCase().replace(/_/g, ' '), tone: 'slate' };
}

/** The select's value for an alert state. */
export function alertMode(beforeTime: string | null | undefined): 'off' | 'available' | 'before' {
  return beforeTime === undefined ? 'off' : beforeTime === null ? 'available' : 'before';
}
