import { describe, expect, it } from 'vitest';
import { minutesUntil, testAlertNote } from './TestAlertButton.tsx';

const now = new Date('2026-11-26T15:00:00Z');

describe('test alert button: minutes left and the reason it is disabled', () => {
  it('counts whole minutes up, never above the 15-minute rule (a browser clock behind the server)', () => {
    expect(minutesUntil(null, now)).toBe(0);
    expect(minutesUntil('2026-11-26T14:59:00Z', now)).toBe(0);
    expect(minutesUntil('2026-11-26T15:14:59Z', now)).toBe(15);
    expect(minutesUntil('2026-11-26T15:15:40Z', now)).toBe(15);
    expect(minutesUntil('2026-11-26T15:00:01Z', now)).toBe(1);
  });
  it('says why: not started, not active, the cooldown, and a ride alert that started it', () => {
    expect(testAlertNote('SCHEDULED', 0, null)).toBe('Test alerts can be sent once your scheduled alerts have started.');
    expect(testAlertNote('INACTIVE', 0, null)).toBe('Activate alerts to send a test alert.');
    expect(testAlertNote('ACTIVE', 0, null)).toBe('');
    expect(testAlertNote('ACTIVE', 15, { kind: 'test_alert', rideName: 'Test alert' })).toBe('Cooldown: next test alert in 15 minutes.');
    expect(testAlertNote('ACTIVE', 1, null)).toBe('Cooldown: next test alert in 1 minute.');
    expect(testAlertNote('ACTIVE', 12, { kind: 'ride_alert', rideName: 'Space Mountain' })).toBe(
      'Cooldown: next test alert in 12 minutes. We just sent you a ride alert (Space Mountain); test alerts wait 15 minutes after any alert.',
    );
  });
});
