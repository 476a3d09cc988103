import { describe, expect, it } from 'vitest';
import { type DeliveryGroupMessage, rendererOf } from './deliveries.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const message = (kind: string, over: Partial<DeliveryGroupMessage> = {}): DeliveryGroupMessage => ({
  kind,
  parkId: MK,
  parkName: 'Magic Kingdom Park',
  timezone: 'America/New_York',
  readingAt: new Date('2026-11-24T19:05:00Z'),
  items: [
    { kind, rideName: 'Ride number 1', waitTime: 15, rideId: 'r1' },
    { kind, rideName: 'Ride number 3', waitTime: 13, rideId: 'r3' },
  ],
  message: 'Alerts are on for Magic Kingdom Park.',
  publicOrigin: 'https://walkon.example',
  unsubscribeUrl: 'https://walkon.example/unsubscribe?token=abc',
  ...over,
});

// docs/decisions/062: one renderer per delivery kind, asked for each channel's form.
describe('per-kind renderers (docs/decisions/062)', () => {
  it('ride alerts and back-in-service alerts are one grouped message: shortest wait first, "+N more"', () => {
    expect(rendererOf('ride_alert').email(message('ride_alert')).subject).toBe('Ride number 3 13 min +1 more at Magic Kingdom Park');
    // SMS (docs/rules.md): park time, the rides shortest wait first as "<name> <wait>m".
    expect(rendererOf('ride_alert').sms(message('ride_alert'))).toContain('2:05 PM EST: Ride number 3 13m, Ride number 1 15m');
  });

  it("the push payload's kind per delivery kind (docs/decisions/038): alerts, the test alert, the rest confirmations", () => {
    const kinds = ['ride_alert', 'back_in_service', 'return_time', 'test_alert', 'alerts_on', 'restaurant_alert', 'something_new'];
    expect(kinds.map((k) => rendererOf(k).push)).toEqual([
      'alert',
      'alert',
      'alert',
      'test',
      'confirmation',
      'confirmation',
      'confirmation',
    ]);
  });

  it('the alerts-on confirmation says its stored sentence; a restaurant alert has no SMS form and needs its details', () => {
    expect(rendererOf('alerts_on').sms(message('alerts_on'))).toContain('Alerts are on for Magic Kingdom Park.');
    expect(rendererOf('restaurant_alert').sms(message('restaurant_alert'))).toBeNull();
    expect(() => rendererOf('restaurant_alert').email(message('restaurant_alert'))).toThrow(/restaurant details/);
  });
});
