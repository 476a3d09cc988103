import { sql } from 'kysely';
import type { Executor } from '../client.ts';
import { parkLocalToday } from '../sql.ts';

/** The parks with a valid watch (see parksWithValidWatches), all of them or the one `parkId`. */
function validWatchParks(now: Date, parkId?: string) {
  const onePark = (column: string) => (parkId === undefined ? sql`` : sql`and ${sql.ref(column)} = ${parkId}`);
  return sql<{ park_id: string }>`
    select distinct s.park_id
    from subscriptions s
    join parks p on p.id = s.park_id
    where s.active ${onePark('s.park_id')}
      and exists (select 1 from pass_days pd where pd.subscription_id = s.id
                  and pd.day >= ${parkLocalToday(now)})
      and (exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id and ur.active)
           or not exists (select 1 from user_rides ur where ur.email = s.email and ur.park_id = s.park_id))
    union
    select distinct ll.park_id
    from lightning_lane_passes ll
    join parks p on p.id = ll.park_id
    where ll.day >= ${parkLocalToday(now)} ${onePark('ll.park_id')}
    order by park_id`;
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
