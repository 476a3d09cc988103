import { runParkTick } from '@walkon/core';
import { catalogue, type Database, mutes, rides, subscriptions, users } from '@walkon/db';
import type { WaitTimesSource } from '@walkon/integrations/providers/waitTimes/index.ts';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDb } from './helpers.ts';

// docs/rules.md R16a (mutes and quiet hours) through the real poll → evaluate → claim tick, against PostgreSQL.
// Two rides stand at a 10-minute standby wait (short for the default threshold of 15) all along; their stamp
// never changes (ThemeParks.wiki writes a row only when it changes), while another entity keeps the feed live.
// So after the first tick nothing is "changed": a person is evaluated again only when the engine was woken for
// them (R7 due time). Expected counts come from the rules, by hand.
const NOW = new Date('2026-04-14T22:00:00Z'); // 18:00 in Orlando (EDT, UTC−4)
const P = 'park-1';
const R1 = 'ride-1';
const R2 = 'ride-2';
const FAN = 'fan@example.com';
const OTHER = 'other@example.com';
const min = (m: number) => new Date(NOW.getTime() + m * 60_000);
const HOURS = [{ type: 'Operating', startTime: '2026-04-14T13:00:00Z', endTime: '2026-04-15T02:00:00Z' }];
let db: Kysely<Database>;
let clock = NOW;

useTestDb((created) => {
  db = created;
});

const ride = (id: string) => ({
  id,
  name: id === R1 ? 'Space Mountain' : 'Jungle Cruise',
  entityType: 'ATTRACTION',
  status: 'OPERATING',
  standbyWait: 10,
  queue: null,
  operatingHours: HOURS,
  lastUpdated: new Date(NOW.getTime() - 60_000).toISOString(),
});
const source: WaitTimesSource = {
  kind: 'replay',
  getDestinations: async () => [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }],
  getLive: async () => ({
    parkId: P,
    name: 'Park',
    timezone: 'America/New_York',
    entries: [
      {
        id: P,
        name: 'Park',
        entityType: 'PARK',
        status: 'OPERATING',
        standbyWait: null,
        queue: null,
        operatingHours: null,
        lastUpdated: null,
      },
      ride(R1),
      ride(R2),
      {
        id: 'show-1',
        name: 'Parade',
        entityType: 'SHOW',
        status: 'OPERATING',
        standbyWait: null,
        queue: null,
        operatingHours: null,
        lastUpdated: new Date(clock.getTime() - 60_000).toISOString(),
      },
    ],
  }),
};

/** One tick at `at` → the rides alerted, per person ("email:ride"), sorted. */
async function tickAt(at: Date): Promise<string[]> {
  clock = at;
  const { claimed } = await runParkTick({ db, source, now: () => clock }, P);
  if (claimed.length === 0) return [];
  const rows = await db
    .selectFrom('deliveries')
    .select(['email', 'ride_id'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.id),
    )
    .execute();
  return rows.map((r) => `${r.email}:${r.ride_id}`).sort();
}

let fanId = '';
beforeEach(async () => {
  clock = NOW;
  await catalogue.upsertDestinations(db, [{ id: 'd', name: 'Resort', parks: [{ id: P, name: 'Park' }] }]);
  await catalogue.setParkTimezone(db, P, 'America/New_York');
  await catalogue.upsertAttractions(db, [
    { id: R1, parkId: P, name: 'Space Mountain', entityType: 'ATTRACTION' },
    { id: R2, parkId: P, name: 'Jungle Cruise', entityType: 'ATTRACTION' },
  ]);
  fanId = (await users.createUser(db, { email: FAN, fullName: 'Fan', passwordHash: 'x' })).id;
  for (const email of [FAN, OTHER]) {
    await subscriptions.upsertActivePass(db, {
      email,
      parkId: P,
      userId: email === FAN ? fanId : null,
      alertType: 'email',
      phoneNumber: null,
      startDate: '2026-04-14',
      endDate: '2026-04-15',
      startsAt: null,
    });
    await rides.replaceSelection(db, email, P, [R1, R2]);
  }
});

const mute = (attractionId: string | null, until: Date, at: Date) =>
  mutes.setMute(db, { userId: fanId, email: FAN, parkId: P, attractionId, until }, at);
const dueAt = async (email: string) =>
  (await db.selectFrom('alert_watchers').select('due_at').where('email', '=', email).executeTakeFirstOrThrow()).due_at;

describe('docs/rules.md R16a: a mute ends by itself and a ride still short then alerts', () => {
  it('a muted ride is not in the alert; at the mute’s end (a woken tick, nothing changed) it alerts', async () => {
    await mute(R1, min(60), NOW);
    // 18:00: both short; R1 muted → only R2, for the fan; the other person gets both.
    expect(await tickAt(NOW)).toEqual([`${FAN}:${R2}`, `${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    // The muted ride was never claimed: no delivery, so no cap, history or 60-minute entry for it.
    expect(await db.selectFrom('deliveries').select('id').where('email', '=', FAN).where('ride_id', '=', R1).execute()).toEqual([]);
    // The end of the mute is the fan's next due time (the engine is woken then).
    expect(await dueAt(FAN)).toEqual(min(60));
    expect(await tickAt(min(30))).toEqual([]);
    // 19:00 + 1 min: woken; R1 short and armed → alerts. R2 stays short since its alert: disarmed (R4).
    expect(await tickAt(min(61))).toEqual([`${FAN}:${R1}`]);
    expect(await tickAt(min(62))).toEqual([]);
  });

  it('a ride alerted before its mute and short all along alerts again when the mute ends (re-armed), R5 kept', async () => {
    expect(await tickAt(NOW)).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`, `${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    await mute(R1, min(30), min(5));
    // The mute ends at 18:30, 30 minutes after R1's alert: R5 holds it until 19:00.
    expect(await tickAt(min(31))).toEqual([]);
    expect(await tickAt(min(61))).toEqual([`${FAN}:${R1}`]);
    // The other person, unmuted, is not alerted again for rides that stayed short (R4), nor is R2 re-armed.
    expect(await tickAt(min(125))).toEqual([]);
  });

  it('a muted park means no alert to that person; Unmute ends it now and the next tick alerts', async () => {
    await mute(null, min(24 * 60), NOW);
    expect(await tickAt(NOW)).toEqual([`${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    const [m] = await mutes.listActive(db, fanId, min(10));
    expect(m?.attractionId).toBeNull();
    expect(await mutes.endMute(db, fanId, FAN, m!.id, min(10))).toBe(true);
    expect(await mutes.endMute(db, fanId, FAN, m!.id, min(10))).toBe(false);
    expect(await mutes.listActive(db, fanId, min(10))).toEqual([]);
    expect(await tickAt(min(11))).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`]);
  });

  it('muting again moves the end (one row per target); ended mutes are swept a day later', async () => {
    await mute(R1, min(60), NOW);
    await mute(R1, min(120), min(1));
    expect((await mutes.listActive(db, fanId, min(2))).map((m) => m.until)).toEqual([min(120)]);
    expect(await mutes.sweepEnded(db, min(120 + 24 * 60 - 1))).toBe(0);
    expect(await mutes.sweepEnded(db, min(120 + 24 * 60 + 1))).toBe(1);
  });
});

describe('docs/rules.md R16a: quiet hours, park-local', () => {
  it('no alert inside quiet hours (17:30–18:30 park time); at their end the short rides alert', async () => {
    await mutes.setQuietHours(db, fanId, FAN, { startMinute: 17 * 60 + 30, endMinute: 18 * 60 + 30 }, NOW);
    expect(await tickAt(NOW)).toEqual([`${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    // 18:30 EDT = 22:30 UTC: the fan's next due time.
    expect(await dueAt(FAN)).toEqual(new Date('2026-04-14T22:30:00Z'));
    expect(await tickAt(min(29))).toEqual([]);
    expect(await tickAt(min(30))).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`]);
  });

  it('quiet hours wrapping midnight (17:00–02:00) hold at 18:00; 22:00–07:00 do not', async () => {
    await mutes.setQuietHours(db, fanId, FAN, { startMinute: 17 * 60, endMinute: 2 * 60 }, NOW);
    expect(await tickAt(NOW)).toEqual([`${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    await mutes.setQuietHours(db, fanId, FAN, { startMinute: 22 * 60, endMinute: 7 * 60 }, min(1));
    // Woken by the change: evaluated against every verdict of the next tick.
    expect(await tickAt(min(2))).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`]);
  });

  it('a ride alerted before quiet hours and short throughout alerts again at their end', async () => {
    expect(await tickAt(NOW)).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`, `${OTHER}:${R1}`, `${OTHER}:${R2}`]);
    // Quiet 18:10–19:30 park time, set at 18:05.
    await mutes.setQuietHours(db, fanId, FAN, { startMinute: 18 * 60 + 10, endMinute: 19 * 60 + 30 }, min(5));
    expect(await tickAt(min(6))).toEqual([]);
    expect(await tickAt(min(89))).toEqual([]);
    // 19:30: the end re-arms everything for the fan; 90 minutes since the last alert (R5 satisfied).
    expect(await tickAt(min(90))).toEqual([`${FAN}:${R1}`, `${FAN}:${R2}`]);
    expect(await tickAt(min(91))).toEqual([]);
  });
});
