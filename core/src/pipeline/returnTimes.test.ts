import { formatClockTime, formatReturnPrice, formatReturnTimeHeadline, formatReturnTimeSms } from '@walkon/domain/messages/returnTimes';
import { gsm7Length } from '@walkon/domain/messages/sms';
import { describe, expect, it } from 'vitest';
import { matchReturnTime } from './returnTimes.ts';

const NY = 'America/New_York';
// Entries as recorded in tpw_live_magic-kingdom_2026-04-14T2227Z.json.
const dumbo = { STANDBY: { waitTime: 15 }, RETURN_TIME: { state: 'AVAILABLE', returnEnd: null, returnStart: '2026-04-14T19:20:00-04:00' } };
const pooh = { RETURN_TIME: { state: 'FINISHED', returnEnd: null, returnStart: null } };
const tron = {
  PAID_RETURN_TIME: {
    price: { amount: 2100, currency: 'USD', formatted: '$21.00' },
    state: 'AVAILABLE',
    returnEnd: null,
    returnStart: '2026-04-14T20:05:00-04:00',
  },
};

describe('matchReturnTime (docs/decisions/017)', () => {
  it('AVAILABLE with a return start matches, with its park-local time', () => {
    expect(matchReturnTime(dumbo, 'RETURN_TIME', null, NY, '2026-04-14')).toMatchObject({ localDate: '2026-04-14', localTime: '19:20' });
  });
  it('the same instant written in UTC (as the replay source shifts it) compares in the park zone', () => {
    const utc = { RETURN_TIME: { state: 'available', returnStart: '2026-04-14T23:20:00.000Z' } };
    expect(matchReturnTime(utc, 'RETURN_TIME', '19:21', NY, '2026-04-14')?.localTime).toBe('19:20');
  });
  it('before time is strict', () => {
    expect(matchReturnTime(dumbo, 'RETURN_TIME', '19:21', NY, '2026-04-14')).not.toBeNull();
    expect(matchReturnTime(dumbo, 'RETURN_TIME', '19:20', NY, '2026-04-14')).toBeNull();
    expect(matchReturnTime(dumbo, 'RETURN_TIME', '09:00', NY, '2026-04-14')).toBeNull();
  });
  it('FINISHED, a missing queue type, another day, null or malformed queues never match', () => {
    expect(matchReturnTime(pooh, 'RETURN_TIME', null, NY, '2026-04-14')).toBeNull();
    expect(matchReturnTime(dumbo, 'PAID_RETURN_TIME', null, NY, '2026-04-14')).toBeNull();
    expect(matchReturnTime(dumbo, 'RETURN_TIME', null, NY, '2026-04-15')).toBeNull();
    expect(matchReturnTime(null, 'RETURN_TIME', null, NY, '2026-04-14')).toBeNull();
    expect(matchReturnTime({ RETURN_TIME: { state: 'AVAILABLE', returnStart: 'soon' } }, 'RETURN_TIME', null, NY, '2026-04-14')).toBeNull();
  });
  it('PAID_RETURN_TIME carries its price', () => {
    expect(matchReturnTime(tron, 'PAID_RETURN_TIME', null, NY, '2026-04-14')?.queue).toMatchObject({
      priceCents: 2100,
      priceFormatted: '$21.00',
    });
  });
});

describe('return-time messages (docs/decisions/017)', () => {
  it('12-hour clock times', () => {
    expect(['00:05', '09:30', '12:00', '19:20', '23:59'].map(formatClockTime)).toEqual([
      '12:05 AM',
      '9:30 AM',
      '12:00 PM',
      '7:20 PM',
      '11:59 PM',
    ]);
  });
  it('prices: upstream text when published, else from cents', () => {
    expect(formatReturnPrice(2100, 'USD', '$21.00')).toBe('$21.00');
    expect(formatReturnPrice(1000, 'USD', null)).toBe('$10');
    expect(formatReturnPrice(1350, null, null)).toBe('$13.50');
    expect(formatReturnPrice(1800, 'EUR', null)).toBe('18.00 EUR');
  });
  it('headlines for both queue types', () => {
    const base = {
      rideName: 'Space Mountain',
      parkName: 'Magic Kingdom Park',
      returnStartLocal: '18:45',
      priceCents: null,
      currency: null,
      priceFormatted: null,
    };
    expect(formatReturnTimeHeadline({ ...base, queueType: 'RETURN_TIME' })).toBe(
      'Lightning Lane for Space Mountain: return from 6:45 PM (Magic Kingdom Park).',
    );
    expect(
      formatReturnTimeHeadline({
        ...base,
        rideName: 'TRON Lightcycle / Run',
        queueType: 'PAID_RETURN_TIME',
        priceCents: 2100,
        currency: 'USD',
        priceFormatted: '$21.00',
      }),
    ).toBe('Lightning Lane Single Pass for TRON Lightcycle / Run: return from 6:45 PM, $21.00 (Magic Kingdom Park).');
  });
  it('the SMS stays in one GSM-7 segment with a very long name', () => {
    const long = formatReturnTimeHeadline({
      rideName: 'Buzz Lightyear’s Space Ranger Spin — the extended edition with a really very long attraction name indeed',
      parkName: 'Magic Kingdom Park',
      queueType: 'RETURN_TIME',
      returnStartLocal: '19:20',
      priceCents: null,
      currency: null,
      priceFormatted: null,
    });
    const sms = formatReturnTimeSms(long);
    expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
    expect(sms.endsWith('... Reply STOP to opt out.')).toBe(true);
    expect(sms).toContain("Buzz Lightyear's");
  });
});
