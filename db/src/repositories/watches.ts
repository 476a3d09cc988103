import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';

/**
 * The parks with a valid watch (see parksWithValidWatches), all of them or the one `parkId`. Asked park by park,
 * each question stopping at the first subscription that answers it (`exists … limit 1` on the park's active
 * subscriptions): the reconcile pass costs about a probe per park, not a pass over every subscription of the
 * world (5.8 s at 1,000,000 subscriptions over 130 parks, 65 ms after; docs/decisions/067).
 */
function validWatchParks(now: Date, parkId?: string) {
  const onePark = parkId === undefined ? sql`true` : sql`p.id = ${parkId}`;
  return sql<{ park_id: string }>`
    select p.id as park_id
    from parks p
    where ${onePark} and (
      exists (
        select 1 from subscriptions s
        where s.park_id = p.id and s.active
          and exists (select 1 from pass_days pd where pd.subscription_id = s.id and pd.day >= ${parkLocalToday(now)})
          and (exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id and ur.active)
               or not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id))
        limit 1)
      or exists (select 1 from lightning_lane_passes ll where ll.park_id = p.id and ll.day >= ${parkLocalToday(now)}))
    order by p.id`;
}

/**
 * Parks that need a poller (docs/DESIGN.md §2.1): at least one active watch whose subscription is active and holds a
 * pass day on or after the park-local today, including passes scheduled to start later, or such a subscription
 * still waiting for its rides (its poll selects them); or a Lightning Lane
 * assist day on or after today (docs/DESIGN.md §2.1: its availability is read from the polled live data).
 */
export async function parksWithValidWatches(db: Executor, now: Date): Promise<string[]> {
  return (await validWatchParks(now).execute(db)).rows.map((r) => r.park_id);
}

/**
 * Whether one park has a valid watch (see parksWithValidWatches), read for that park only: a watched park's
 * upstream reads belong to its per-minute tick (docs/DESIGN.md §2.2).
 */
export async function parkHasValidWatch(db: Executor, parkId: string, now: Date): Promise<boolean> {
  return (await validWatchParks(now, parkId).execute(db)).rows.length > 0;
}
