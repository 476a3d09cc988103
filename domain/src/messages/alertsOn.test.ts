import { describe, expect, it } from 'vitest';
import { muteEnd, muteUntilLabel } from '../rules/mutes.ts';
import { alertsOnSentence, formatAlertsOnSms } from './alertsOn.ts';
import { gsm7Length } from './sms.ts';

describe('the alerts-on confirmation (docs/rules.md R16b)', () => {
  it('says rides, park, end of alerting and rides short now', () => {
    expect(alertsOnSentence({ rideCount: 12, parkName: 'Magic Kingdom Park', until: '11:00 PM park time', shortNow: 3 })).toBe(
      'Alerts on for 12 rides at Magic Kingdom Park until 11:00 PM park time; 3 are short right now.',
    );
    expect(alertsOnSentence({ rideCount: 1, parkName: 'EPCOT', until: null, shortNow: 1 })).toBe(
      'Alerts on for 1 ride at EPCOT until midnight park time; 1 is short right now.',
    );
    expect(alertsOnSentence({ rideCount: 2, parkName: 'EPCOT', until: null, shortNow: 0 })).toContain('; none is short right now.');
  });
  it('fits one SMS segment and ends "Reply STOP to opt out."', () => {
    const sms = formatAlertsOnSms(
      alertsOnSentence({ rideCount: 35, parkName: 'Disney’s Hollywood Studios', until: '9:00 PM park time', shortNow: 12 }),
    );
    expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
    expect(sms.endsWith(' Reply STOP to opt out.')).toBe(true);
  });
});

describe('mute ends (docs/rules.md R16a), park-local', () => {
  // 18:00 in New York on 2026-04-14 (EDT, UTC−4).
  const now = new Date('2026-04-14T22:00:00Z');
  it('one hour, tomorrow 8 am, rest of the day', () => {
    expect(muteEnd('one-hour', now, 'America/New_York')).toEqual(new Date('2026-04-14T23:00:00Z'));
    expect(muteEnd('tomorrow-8am', now, 'America/New_York')).toEqual(new Date('2026-04-15T12:00:00Z'));
    expect(muteEnd('rest-of-day', now, 'America/New_York')).toEqual(new Date('2026-04-15T04:00:00Z'));
  });
  it('across a DST change: tomorrow 8 am after the fall-back night is 13:00 UTC', () => {
    // 2026-11-01 02:00 EDT → 01:00 EST. At 20:00 EDT on Oct 31, tomorrow 8 am is 08:00 EST = 13:00 UTC.
    expect(muteEnd('tomorrow-8am', new Date('2026-11-01T00:00:00Z'), 'America/New_York')).toEqual(new Date('2026-11-01T13:00:00Z'));
  });
});

describe('how a mute end reads (R16a, R25a)', () => {
  const now = new Date('2026-04-14T22:00:00Z'); // 18:00 EDT
  const tz = 'America/New_York';
  it('today, midnight, tomorrow, later', () => {
    expect(muteUntilLabel(new Date('2026-04-14T23:00:00Z'), now, tz)).toBe('7:00 PM park time');
    expect(muteUntilLabel(new Date('2026-04-15T04:00:00Z'), now, tz)).toBe('midnight park time');
    expect(muteUntilLabel(new Date('2026-04-15T12:00:00Z'), now, tz)).toBe('tomorrow 8:00 AM park time');
    expect(muteUntilLabel(new Date('2026-04-16T12:00:00Z'), now, tz)).toBe('Thu, Apr 16, 8:00 AM park time');
  });
});
