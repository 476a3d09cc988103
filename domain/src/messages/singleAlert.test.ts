import { describe, expect, it } from 'vitest';
import { formatRideAlertEmail, formatRideAlertSms } from './rideAlerts.ts';
import { gsm7Length } from './sms.ts';

const base = {
  kind: 'ride_alert',
  rideName: 'Dumbo the Flying Elephant',
  waitTime: 15,
  parkName: 'Magic Kingdom Park',
  unsubscribeUrl: 'http://x/unsubscribe?token=t',
};

describe('alert messages', () => {
  it('docs/spec/part-1.md §1: the e-mail names the ride, the standby wait and the park, with an unsubscribe link', () => {
    const m = formatRideAlertEmail(base);
    expect(m.subject).toBe('Dumbo the Flying Elephant: 15 min standby wait');
    expect(m.text).toContain('Dumbo the Flying Elephant has a 15 min standby wait right now at Magic Kingdom Park.');
    expect(m.text).toContain('http://x/unsubscribe?token=t');
    expect(m.html).toContain('href="http://x/unsubscribe?token=t"');
  });
  it('escapes HTML in names', () => {
    expect(formatRideAlertEmail({ ...base, rideName: '<b>x</b>' }).html).not.toContain('<b>x</b>');
  });
  it('docs/decisions/014: an SMS is one GSM-7 segment (≤ 160) with ride, wait and park', () => {
    const s = formatRideAlertSms(base);
    expect(s).toContain('Dumbo the Flying Elephant has a 15 min standby wait right now at Magic Kingdom Park.');
    expect(gsm7Length(s)).toBeLessThanOrEqual(160);
  });
  it('docs/decisions/014: long names are shortened so the SMS never exceeds 160 septets; curly quotes become GSM-7', () => {
    const s = formatRideAlertSms({ ...base, rideName: `Mickey’s ${'Very '.repeat(40)}Long Ride` });
    expect(gsm7Length(s)).toBeLessThanOrEqual(160);
    expect(s).toContain("Mickey's");
    expect(s.endsWith('Reply STOP to opt out.')).toBe(true);
  });
});
