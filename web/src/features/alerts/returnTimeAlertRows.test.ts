import { formatClockTime } from '@walkon/domain/messages/returnTimes';
import { describe, expect, it } from 'vitest';
import { alertMode, queueStateLabel, returnTimeRows } from './returnTimeAlertRows.ts';

const q = (over: Partial<Parameters<typeof queueStateLabel>[0] & object> = {}) => ({
  type: 'RETURN_TIME' as const,
  state: 'AVAILABLE',
  available: true,
  returnStart: '2026-04-14T23:20:00.000Z',
  returnStartLocal: '19:20',
  priceCents: null,
  priceLabel: null,
  ...over,
});
const ride = (over: object) => ({
  rideId: 'r',
  rideName: 'Ride',
  watching: true,
  status: 'OPERATING',
  lastUpdated: null,
  fresh: true,
  staleReason: null,
  returnTimes: { RETURN_TIME: null, PAID_RETURN_TIME: null },
  alerts: [],
  ...over,
});

describe('return-time controls (docs/decisions/017)', () => {
  it('one row per published queue; an alert on a queue no longer published still shows; plain rides are counted', () => {
    const { rows, notOffered } = returnTimeRows({
      rides: [
        ride({ rideId: 'dumbo', rideName: 'Dumbo', returnTimes: { RETURN_TIME: q(), PAID_RETURN_TIME: null } }),
        ride({
          rideId: 'tron',
          rideName: 'TRON',
          returnTimes: { RETURN_TIME: null, PAID_RETURN_TIME: q({ type: 'PAID_RETURN_TIME', state: 'FINISHED', available: false }) },
          alerts: [{ queueType: 'PAID_RETURN_TIME', beforeTime: '12:00' }],
        }),
        ride({ rideId: 'old', rideName: 'Old', alerts: [{ queueType: 'RETURN_TIME', beforeTime: null }] }),
        ride({ rideId: 'carousel', rideName: 'Carousel' }),
        ride({ rideId: 'off', rideName: 'Off', watching: false }),
      ] as never,
    });
    expect(rows.map((r) => [r.key, r.beforeTime])).toEqual([
      ['dumbo:RETURN_TIME', undefined],
      ['tron:PAID_RETURN_TIME', '12:00'],
      ['old:RETURN_TIME', null],
    ]);
    expect(rows[2]?.queue).toBeNull();
    expect(notOffered).toBe(1);
  });
  it('labels', () => {
    expect(queueStateLabel(q())).toEqual({ text: 'Available from 7:20 PM park time', tone: 'green' });
    expect(queueStateLabel(q({ state: 'FINISHED', available: false, returnStartLocal: null })).text).toBe('Sold out');
    expect(queueStateLabel(q({ state: 'TEMP_FULL', available: false })).text).toBe('Temporarily full');
    expect(queueStateLabel(null).text).toBe('Not offered right now');
    expect(formatClockTime('00:30')).toBe('12:30 AM');
    expect([undefined, null, '09:00'].map(alertMode)).toEqual(['off', 'available', 'before']);
  });
});
