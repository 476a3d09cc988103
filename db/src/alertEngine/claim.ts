/**
 * The claim part of the alert engine's statement 3 (docs/DESIGN.md §2.4; docs/rules.md R8–R10, R14): the evaluation's
 * `judged` rows turned into `deliveries` rows, once per person, attraction, kind and hour, under the daily cap.
 */
import { alertHistorySentence } from '@walkon/domain/messages/rideAlerts';
import { type RawBuilder, sql } from 'kysely';
import type { DailyCaps } from './caps.ts';
import type { TickInput } from './tick.ts';

/** Placeholders standing for a pair row's columns in the domain's sentence (`historySentenceSql`). */
const RIDE_NAME = '\uE000ride_name\uE000';
const WAIT = '\uE000wait\uE000';

/**
 * SQL: the alert-history sentence of pair row `p` (docs/rules.md R14), from the one template
 * (`alertHistorySentence`, @walkon/domain/messages/rideAlerts): the domain function is called with placeholders
 * for the ride name and the wait, and its text is cut at them into `||`-joined parameters and columns.
 */
function historySentenceSql(kind: 'ride_alert' | 'back_in_service', parkName: string): RawBuilder<unknown> {
  const columns: Record<string, RawBuilder<unknown>> = { [RIDE_NAME]: sql.raw('p.ride_name'), [WAIT]: sql.raw('p.wait') };
  const pieces = alertHistorySentence(kind, RIDE_NAME, WAIT, parkName)
    .split(/(\uE000[a-z_]+\uE000)/)
    .filter((piece) => piece !== '');
  return sql.join(
    pieces.map((piece) => columns[piece] ?? sql`${piece}::text`),
    sql` || `,
  );
}

/**
 * The delivery CTEs of statement 3, over the evaluation's `judged` rows: `rides` (the park's attractions with a
 * bit and their wait) → `pairs` (one row per person and alerting attraction, ride alert or back in service) →
 * `messages_today` (each alerted person's messages per channel since `dayStart`, R10) → `inserted` into
 * `deliveries` (`ON CONFLICT (dedup_key, key_month) DO NOTHING`: key per person, attraction, kind and hour, R8;
 * one `message_key` per person, channel and tick, R9; the history sentence, R14), `capped` instead of `queued`
 * when the person already had `caps` messages on that channel today (R10).
 */
export function deliveryCtes(input: TickInput, caps: DailyCaps): RawBuilder<unknown> {
  const tickKey = String(input.now.getTime());
  const hourBucket = String(Math.floor(input.now.getTime() / 3_600_000));
  return sql`rides as (
      select a.bit, a.id, a.name, r.standby_wait
      from attractions a join ride_status r on r.attraction_id = a.id
      where a.park_id = ${input.parkId} and a.bit is not null
    ),
    pairs as (
      select j.email, j.channel, j.address, j.subscription_id, r.id as ride_id, r.name as ride_name, r.standby_wait as wait,
             case when get_bit(j.ride_alerts, r.bit) = 1 then 'ride_alert' else 'back_in_service' end as kind
      from judged j join rides r on get_bit(j.ride_alerts | j.back_alerts, r.bit) = 1
    ),
    alerted_people as (select distinct email from pairs),
    messages_today as (
      select d.email, d.channel, count(distinct d.message_key)::int as sent
      from deliveries d join alerted_people a on a.email = d.email
      where d.created_at >= ${input.dayStart} and d.message_key is not null and d.status <> 'capped'
      group by d.email, d.channel
    ),
    inserted as (
      insert into deliveries (dedup_key, kind, email, channel, address, park_id, ride_id, ride_name, wait_time, message,
                              subscription_id, status, message_key, created_at, key_month)
      select (case when p.kind = 'ride_alert' then 'ride:' else 'bis:' end) || p.email || ':' || p.ride_id || ':' || ${hourBucket},
             p.kind, p.email, p.channel, p.address, ${input.parkId}, p.ride_id, p.ride_name, p.wait,
             case when p.kind = 'ride_alert' then ${historySentenceSql('ride_alert', input.parkName)}
                  else ${historySentenceSql('back_in_service', input.parkName)} end,
             p.subscription_id,
             case when coalesce(m.sent, 0) >= (case when p.channel = 'sms' then ${caps.sms}::int else ${caps.email}::int end)
                  then 'capped' else 'queued' end,
             p.email || ':' || p.channel || ':' || ${input.parkId} || ':' || ${tickKey}, ${input.now},
             -- The partition month (migration 0029): a ride alert's key names its hour, so the month of now.
             date_trunc('month', ${input.now}::timestamptz at time zone 'UTC')::date
      from pairs p left join messages_today m on m.email = p.email and m.channel = p.channel
      on conflict (dedup_key, key_month) do nothing
      returning id, channel, status, message_key
    )`;
}
