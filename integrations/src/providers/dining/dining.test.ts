import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from '@walkon/db/testing';
import { FRESHNESS_SENTENCES } from '@walkon/domain/rules/freshness';
import { describe, expect, it } from 'vitest';
import { createReplaySource } from '../waitTimes/replay.ts';
import { parseLive } from '../waitTimes/schema.ts';
import { createDiningProvider } from './index.ts';
import { createReplayDiningProvider } from './replay.ts';
import { answerFromLive, createThemeParksDiningProvider } from './themeparks.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const FILE = 'tpw_live_magic-kingdom_2026-04-14T2227Z.json';
const TONYS = '83201c33-ce99-45ae-a595-f47e61d73739';
const LIBERTY = 'ae9a4a79-ccf1-4561-9a95-cf83d3007b98';
const PLAZA = '75d43698-162c-47af-a607-e879637dc8e7';
const BE_OUR_GUEST = 'e847a8bd-7d21-432b-a7a1-f483517a22b5';
/** The recording's own instant: 2026-04-14 18:27:18 in Orlando. */
const RECORDED = new Date('2026-04-14T22:27:30Z');
const live = parseLive(JSON.parse(readFileSync(path.join(FIXTURES_DIR, FILE), 'utf8'))).data;
const q = (restaurantId: string, partySize: number, date = '2026-04-14') => ({ parkId: MK, restaurantId, date, partySize });

describe('themeparks dining provider on the real recording (docs/decisions/009)', () => {
  it('the recording publishes diningAvailability for some restaurants', () => {
    const withAvailability = live.entries.filter((e) => e.diningAvailability).map((e) => e.name);
    expect(withAvailability.sort()).toEqual([
      'Liberty Tree Tavern',
      'The Crystal Palace',
      'The Plaza Restaurant',
      "Tony's Town Square Restaurant",
    ]);
  });

  it('today: the published wait for a party size with an entry, at the current park-local time', () => {
    expect(answerFromLive(live, q(TONYS, 2), RECORDED)).toEqual({ status: 'available', time: '18:27', waitMinutes: 55 });
    expect(answerFromLive(live, q(LIBERTY, 5), RECORDED)).toEqual({ status: 'available', time: '18:27', waitMinutes: 20 });
  });

  it('a party size without an entry, or a restaurant that publishes none → no availability', () => {
    expect(answerFromLive(live, q(TONYS, 3), RECORDED).status).toBe('none');
    expect(answerFromLive(live, q(PLAZA, 2), RECORDED).status).toBe('none');
    expect(answerFromLive(live, q(BE_OUR_GUEST, 2), RECORDED).status).toBe('none');
    expect(answerFromLive(live, q('not-a-restaurant', 2), RECORDED).status).toBe('none');
  });

  it('other dates are not published (walk-up availability is today only) → unknown, never a match', () => {
    expect(answerFromLive(live, q(TONYS, 2, '2026-04-15'), RECORDED)).toMatchObject({ status: 'unknown' });
    // 03:30 UTC on the 15th is still the 14th in Orlando, but the data is then hours old: stale.
    expect(answerFromLive(live, q(TONYS, 2), new Date('2026-04-15T03:30:00Z'))).toEqual({
      status: 'unknown',
      reason: `stale data: ${FRESHNESS_SENTENCES['feed-stale']}`,
    });
  });

  it('freshness is R2, the rule of every live reading (docs/decisions/048), not a 15-minute age', () => {
    // Tony's unchanged since 16:00 park time while the park's feed is live: upstream writes a row only when it
    // changes, so the reading stands (the old 15-minute age called it stale).
    const at = (stamp: string) => ({
      ...live,
      entries: live.entries.map((e) => (e.id === TONYS ? { ...e, lastUpdated: stamp } : e)),
    });
    expect(answerFromLive(at('2026-04-14T20:00:00Z'), q(TONYS, 2), RECORDED)).toEqual({
      status: 'available',
      time: '18:27',
      waitMinutes: 55,
    });
    // Last confirmed yesterday (park-local): not fresh, with the reason's one sentence.
    expect(answerFromLive(at('2026-04-13T20:00:00Z'), q(TONYS, 2), RECORDED)).toEqual({
      status: 'unknown',
      reason: `stale data: ${FRESHNESS_SENTENCES['earlier-day']}`,
    });
  });

  it('one live read per park serves all its restaurants (within a minute); a source fault answers unknown', async () => {
    let now = new Date('2026-12-01T23:00:00Z');
    const source = createReplaySource({ dir: FIXTURES_DIR, files: [FILE], now: () => now });
    const provider = createThemeParksDiningProvider({ source, now: () => now });
    const answers = await Promise.all(
      [q(TONYS, 2, '2026-12-01'), q(LIBERTY, 4, '2026-12-01'), q(PLAZA, 6, '2026-12-01')].map((x) => provider.check(x)),
    );
    expect(answers.map((a) => a.status)).toEqual(['available', 'available', 'available']);
    expect(answers[1]).toEqual({ status: 'available', time: '18:00', waitMinutes: 45 });
    expect(provider.reads()).toBe(1);
    now = new Date(now.getTime() + 61_000);
    await provider.check(q(TONYS, 2, '2026-12-01'));
    expect(provider.reads()).toBe(2);
    expect(await provider.check({ ...q(TONYS, 2), parkId: 'unknown-park' })).toMatchObject({ status: 'unknown' });
  });
});

describe('replay dining provider (development and tests)', () => {
  it('re-targets the recorded sample onto any requested date, labelled as sample data', async () => {
    const provider = createReplayDiningProvider({ dir: FIXTURES_DIR });
    expect(provider.files()).toEqual({ [MK]: FILE });
    expect(provider.label).toMatch(
      /^Sample data: walk-up availability recorded from ThemeParks\.wiki \(Magic Kingdom Park 2026-04-14 18:27\)/,
    );
    expect(await provider.check(q(TONYS, 1, '2031-07-04'))).toEqual({ status: 'available', time: '18:27', waitMinutes: 55 });
    expect((await provider.check(q(TONYS, 3, '2031-07-04'))).status).toBe('none');
    expect((await provider.check({ ...q(TONYS, 2), parkId: 'other' })).status).toBe('unknown');
  });

  it('DINING_SOURCE picks the provider; unset follows WAIT_TIMES_SOURCE', () => {
    const source = createReplaySource({ dir: FIXTURES_DIR, files: [FILE], now: () => RECORDED });
    const env = { WAIT_TIMES_REPLAY_DIR: FIXTURES_DIR };
    expect(createDiningProvider({ ...env, WAIT_TIMES_SOURCE: 'http', DINING_SOURCE: undefined }, source, () => RECORDED)?.kind).toBe(
      'themeparks',
    );
    expect(createDiningProvider({ ...env, WAIT_TIMES_SOURCE: 'replay', DINING_SOURCE: undefined }, source, () => RECORDED)?.kind).toBe(
      'replay',
    );
    expect(createDiningProvider({ ...env, WAIT_TIMES_SOURCE: 'replay', DINING_SOURCE: 'themeparks' }, source, () => RECORDED)?.kind).toBe(
      'themeparks',
    );
    expect(createDiningProvider({ ...env, WAIT_TIMES_SOURCE: 'http', DINING_SOURCE: 'off' }, source, () => RECORDED)).toBeNull();
  });
});
