import { gunzipSync } from 'node:zlib';
import { rides, subscriptions } from '@walkon/db';
import { FIXTURES_DIR, truncateAll } from '@walkon/db/testing';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { createReplaySource } from '@walkon/integrations/providers';
import { DEMO_HISTORY, importHistory } from '@walkon/jobs';
import { beforeEach, describe, expect, it } from 'vitest';
import { LIVE_RECHECK_MS } from '../src/services/waitTimes.ts';
import { withTestServer } from './harness.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const PEOPLEMOVER = 'ffcfeaa2-1416-4920-a1ed-543c1a1695c4';
/**
 * The file's clock: real time moved to 15:00 in Orlando on today's park-local date, so "today" never straddles the
 * park's midnight (just after it, a recorded reading a few minutes old falls on yesterday's page).
 */
let shiftMs = Date.parse(`${parkLocalDate(new Date(), 'America/New_York')}T20:00:00Z`) - Date.now();
const now = () => new Date(Date.now() + shiftMs);
/** Upstream live reads per park, counted across the file's tests. */
const reads = new Map<string, number>();
const env = withTestServer({
  source: () => {
    const replay = createReplaySource({
      dir: FIXTURES_DIR,
      files: ['tpw_live_magic-kingdom_2026-04-14T2227Z.json'],
      now,
    });
    return {
      ...replay,
      getLive: (parkId: string) => {
        reads.set(parkId, (reads.get(parkId) ?? 0) + 1);
        return replay.getLive(parkId);
      },
    };
  },
  now,
});

beforeEach(async () => truncateAll(env.db));

const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ method: 'GET', url, headers });

describe('live API beside tRPC (DESIGN §4 live API cache)', () => {
  it('serves the live table pre-compressed with an ETag, answers 304 on revalidation, and reads the park once per poll', async () => {
    const first = await get(`/api/live/${MK}`, { 'accept-encoding': 'gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toMatch(/max-age=15/);
    const body = JSON.parse(gunzipSync(first.rawPayload).toString());
    expect(body.park.name).toBe('Magic Kingdom Park');
    expect(body.rides.length).toBeGreaterThan(30);
    expect(body.rides[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), status: expect.any(String), trend: null, spark: expect.any(Array) }),
    );
    expect(body.rides[0]).not.toHaveProperty('queue');
    const etag = first.headers.etag as string;
    const again = await get(`/api/live/${MK}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const plain = await get(`/api/live/${MK}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().rides).toEqual(body.rides);
    // The tRPC procedure gives the same payload.
    const trpc = await get(`/trpc/waitTimes.live?input=${encodeURIComponent(JSON.stringify({ parkId: MK }))}`);
    expect(trpc.json().result.data.rides).toEqual(body.rides);
  });

  it('re-reads an unwatched park whose poll is over 60 s old, but never a watched one: its tick owns its reads (DESIGN §2.2)', async () => {
    const live = () => get(`/trpc/waitTimes.live?input=${encodeURIComponent(JSON.stringify({ parkId: MK }))}`);
    const age = (ms: number) =>
      env.db
        .updateTable('ride_status')
        .set({ polled_at: new Date(now().getTime() - ms) })
        .where('park_id', '=', MK)
        .execute();
    expect((await live()).statusCode).toBe(200);
    const before = reads.get(MK) ?? 0;
    await age(120_000);
    expect((await live()).statusCode).toBe(200);
    expect(reads.get(MK)).toBe(before + 1);
    // Many requests seeing the same old poll at once (the live table and ride pages of a crowd) read it once.
    await age(120_000);
    const crowd = await Promise.all(Array.from({ length: 8 }, () => live()));
    expect(crowd.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(reads.get(MK)).toBe(before + 2);
    // Watched: a valid pass and a watched ride. The stored poll is served, however old; nothing is read.
    const today = parkLocalDate(now(), 'America/New_York');
    await subscriptions.upsertActivePass(env.db, {
      email: 'watcher@example.com',
      parkId: MK,
      userId: null,
      alertType: 'email',
      startDate: today,
      endDate: addDaysToDate(today, 1),
    });
    await rides.watchAllRides(env.db, 'watcher@example.com', MK);
    await age(120_000);
    const served = await live();
    expect(served.statusCode).toBe(200);
    expect(served.json().result.data.rides.length).toBeGreaterThan(30);
    expect(reads.get(MK)).toBe(before + 2);
  });

  it('bad and unknown ids are a 400 / 404 with a sentence', async () => {
    const bad = await get('/api/live/%20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('That park id is not valid.');
    await get(`/api/live/${MK}`);
    const ride = await get(`/api/history/${MK}/no-such-ride`);
    expect(ride.statusCode).toBe(404);
    expect(ride.json().error.message).toBe('We could not find this ride in this park.');
  });

  it('the ride page: today, downtime, the typical day only with enough days (and how many), return times', async () => {
    await get(`/api/live/${MK}`);
    const page = (await get(`/api/history/${MK}/${PEOPLEMOVER}`)).json();
    expect(page.ride.name).toBe('Tomorrowland Transit Authority PeopleMover');
    expect(page.today.length).toBe(1);
    expect(page.typical).toBeNull();
    expect(page.typicalDaysAvailable).toBe(0);
    expect(page.bestTimes).toEqual([]);
    // Ten weeks of recorded PeopleMover days: eight of today's weekday stand behind "typical".
    await importHistory(
      { db: env.db, now },
      { dir: FIXTURES_DIR, datasets: DEMO_HISTORY.filter((d) => d.file.includes('peoplemover')), weeks: 10 },
    );
    const d = now();
    await env.db
      .updateTable('ride_status')
      .set({ polled_at: new Date(d.getTime() + 1) })
      .where('park_id', '=', MK)
      .execute();
    // The cached answer asks for its version again only after LIVE_RECHECK_MS of the app's clock: the clock is
    // moved on by that much (no waiting). The first request after it is answered from the cache while it checks
    // (stale-while-revalidate): the new version is served once that check has rebuilt it.
    shiftMs += LIVE_RECHECK_MS + 1;
    const stale = (await get(`/api/history/${MK}/${PEOPLEMOVER}`)).json();
    expect(stale.typical).toBeNull();
    await expect.poll(async () => (await get(`/api/history/${MK}/${PEOPLEMOVER}`)).json().typical?.days ?? null).toBe(8);
    const withHistory = (await get(`/api/history/${MK}/${PEOPLEMOVER}`)).json();
    expect(withHistory.typical.days).toBe(8);
    expect(withHistory.typical.dates).toHaveLength(8);
    expect(withHistory.typical.dates.every((x: string) => x.startsWith('2021-'))).toBe(true);
    expect(withHistory.typical.slots.length).toBeGreaterThan(40);
    // Dumbo publishes a Lightning Lane return time in the recording.
    const dumbo = (await get(`/api/history/${MK}/890fa430-89c0-4a3f-96c9-11597888005e`)).json();
    expect(dumbo.returnTimes).toEqual([
      expect.objectContaining({ type: 'RETURN_TIME', state: 'AVAILABLE', returnStart: expect.any(String) }),
    ]);
  });
});
