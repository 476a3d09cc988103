import { describe, expect, it } from 'vitest';
import { formatRideAlertPush, PUSH_BODY_MAX, pushTopic, ridePagePath } from './push.ts';

const base = { parkId: 'mk', parkName: 'Magic Kingdom Park', timezone: 'America/New_York', readingAt: new Date('2026-04-14T22:27:18Z') };

describe('push payloads (docs/decisions/038)', () => {
  it('one person’s tick: the shortest wait leads, "+N more", the ride page of the first ride, its id as tag', () => {
    const p = formatRideAlertPush({
      ...base,
      kind: 'alert',
      items: [
        { kind: 'ride_alert', rideName: 'Dumbo', waitTime: 15, rideId: 'dumbo' },
        { kind: 'back_in_service', rideName: 'Splash', waitTime: null, rideId: 'splash' },
        { kind: 'ride_alert', rideName: 'Speedway', waitTime: 5, rideId: 'speedway' },
      ],
    });
    expect(p).toEqual({
      title: 'Speedway 5 min +2 more',
      body: 'Magic Kingdom Park at 6:27 PM · Dumbo 15 min, Splash back',
      url: '/live-wait-times/mk/speedway',
      tag: 'speedway',
      parkId: 'mk',
      attractionId: 'speedway',
      kind: 'alert',
    });
  });

  it('a walk-on, a ride back in service alone, a long list cut to PUSH_BODY_MAX', () => {
    expect(
      formatRideAlertPush({ ...base, kind: 'alert', items: [{ kind: 'ride_alert', rideName: 'Dumbo', waitTime: 0, rideId: 'd' }] }).title,
    ).toBe('Dumbo is a walk-on');
    expect(
      formatRideAlertPush({ ...base, kind: 'alert', items: [{ kind: 'back_in_service', rideName: 'Splash', waitTime: null, rideId: 's' }] })
        .title,
    ).toBe('Splash is back in service');
    const many = Array.from({ length: 40 }, (_, k) => ({
      kind: 'ride_alert',
      rideName: `Ride number ${k}`,
      waitTime: 10 + k,
      rideId: `r${k}`,
    }));
    const body = formatRideAlertPush({ ...base, kind: 'alert', items: many }).body;
    expect(body.length).toBe(PUSH_BODY_MAX);
    expect(body.endsWith('…')).toBe(true);
  });

  it('a test alert says its sentence and opens the park’s live waits', () => {
    const p = formatRideAlertPush({
      ...base,
      kind: 'test',
      items: [{ kind: 'test_alert', rideName: 'Test alert', waitTime: null, rideId: null }],
      message: 'Test alert: WalkOn alerts are working for Magic Kingdom Park.',
    });
    expect(p).toMatchObject({
      title: 'WalkOn test alert',
      url: '/live-wait-times?park=mk',
      tag: 'park:mk',
      attractionId: '',
      kind: 'test',
    });
  });

  it('topic: at most 32 URL-safe base64 characters; a UUID loses its hyphens', () => {
    expect(pushTopic('f163ddcd-43e1-488d-8276-2381c1db0a39')).toBe('f163ddcd43e1488d82762381c1db0a39');
    expect(pushTopic('park:mk')).toBe('parkmk');
    expect(pushTopic('a'.repeat(40))).toHaveLength(32);
    expect(pushTopic('::')).toBe('walkon');
    expect(ridePagePath('p 1', 'a/b')).toBe('/live-wait-times/p%201/a%2Fb');
  });
});
