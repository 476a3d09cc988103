import { type Executor, history } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import type { Logger } from '@walkon/integrations/logger';
import { NotFoundError, type WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';

/** A failed schedule read is tried again after this many milliseconds (not at every 60-second tick). */
export const SCHEDULE_RETRY_MS = 15 * 60_000;

/**
 * Reads the park's published schedule (`GET /v1/entity/{id}/schedule`, about a month ahead) into `park_hours`
 * once per park-local day (docs/rules.md R3, docs/DESIGN.md §2.2): the worker's `reconcile-schedulers` task calls this
 * for every watched park (so the hours that bound alerts are known ahead of the day, a month ahead, and never
 * wait on the history collector), and the history collector for every park of the catalogue.
 * A failed read is logged and retried after 15 minutes; a park the source has no schedule for is marked read
 * (no hours: nothing bounds). Never throws.
 * @returns whether the schedule was read now.
 */
export async function readScheduleIfDue(
  deps: { db: Executor; source: WaitTimesSource; logger?: Logger },
  parkId: string,
  now: Date,
): Promise<boolean> {
  if (!deps.source.getSchedule) return false;
  const park = await deps.db
    .selectFrom('parks')
    .select(['timezone', 'schedule_read_on as readOn', 'schedule_tried_at as triedAt'])
    .where('id', '=', parkId)
    .executeTakeFirst();
  if (!park) return false;
  const today = parkLocalDate(now, park.timezone);
  const readOn = park.readOn ? String(park.readOn).slice(0, 10) : null;
  if (readOn === today) return false;
  if (park.triedAt && now.getTime() - park.triedAt.getTime() < SCHEDULE_RETRY_MS) return false;
  await deps.db.updateTable('parks').set({ schedule_tried_at: now }).where('id', '=', parkId).execute();
  try {
    const entries = await deps.source.getSchedule(parkId);
    await history.saveParkHours(
      deps.db,
      parkId,
      entries.map((e) => ({ localDate: e.date, type: e.type, opens: e.opens, closes: e.closes, description: e.description })),
      today,
    );
    return true;
  } catch (err) {
    // No schedule is not a failure: the pages show no hours and nothing bounds the alerts. Tried again tomorrow.
    if (err instanceof NotFoundError) await history.saveParkHours(deps.db, parkId, [], today);
    else deps.logger?.warn({ parkId, err: (err as Error).message }, 'schedule read failed; retried in 15 minutes');
    return false;
  }
}
