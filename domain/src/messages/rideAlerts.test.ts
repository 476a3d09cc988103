import { describe, expect, it } from 'vitest';
import { formatDay, formatPassConfirmation } from './passes.ts';
import { formatRideAlertGroupEmail, formatRideAlertGroupSms, type RideAlertGroup } from './rideAlerts.ts';
import { gsm7Length } from './sms.ts';

const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';
const group = (n: number, over: Partial<RideAlertGroup> = {}): RideAlertGroup => ({
  parkId: MK,
  parkName: 'Magic Kingdom Park',
  timezone: 'America/New_York',
  readingAt: new Date('2026-11-24T19:05:00Z'), // 2:05 PM in Orlando
  items: Array.from({ length: n }, (_, k) => ({ kind: 'ride_alert', rideName: `Ride number ${k + 1}`, waitTime: 15 - (k % 10) })),
  publicOrigin: 'https://walkon.example',
  unsubscribeUrl: 'https://walkon.example/unsubscribe?token=abc',
  ...over,
});

describe('grouped ride alerts (docs/DESIGN.md §2.5: one message per person per tick)', () => {
  it('e-mail: subject with the shortest wait and "+N more"; text and HTML with every ride, park time and date, links', () => {
    const mail = formatRideAlertGroupEmail(group(3));
    expect(mail.subject).toBe('Ride number 3 13 min +2 more at Magic Kingdom Park');
    expect(mail.text).toContain('at 2:05 PM on Tue, Nov 24 (park time)');
    expect(mail.text.indexOf('Ride number 3')).toBeLessThan(mail.text.indexOf('Ride number 1'));
    expect(mail.text).toContain(`https://walkon.example/live-wait-times?park=${MK}`);
    expect(mail.text).toContain('https://walkon.example/manage-alerts');
    expect(mail.text).toContain('Stop these alerts: https://walkon.example/unsubscribe?token=abc');
    expect(mail.text).not.toMatch(/2026-11-24/);
    expect(mail.html).toContain('<li');
    expect(mail.html).toContain('Manage your alerts');
  });

  it('e-mail of one ride has no "+N more"; back in service reads as such', () => {
    expect(formatRideAlertGroupEmail(group(1)).subject).toBe('Ride number 1 15 min at Magic Kingdom Park');
    const bis = formatRideAlertGroupEmail(group(0, { items: [{ kind: 'back_in_service', rideName: 'Space Mountain', waitTime: 45 }] }));
    expect(bis.subject).toBe('Space Mountain is back in service at Magic Kingdom Park');
  });

  it('SMS: one GSM-7 segment, shortest waits first, "+N more", the live waits link', () => {
    for (const n of [1, 3, 10, 30]) {
      const sms = formatRideAlertGroupSms(group(n));
      expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
      expect(sms).toContain(`/live-wait-times?park=${MK}`);
      expect(sms.startsWith('WalkOn 2:05 PM EST: ')).toBe(true);
      expect(sms.endsWith(' Reply STOP to opt out.')).toBe(true);
      if (n > 1) expect(sms).toMatch(/\+\d+ more /);
    }
    // With the rules' tail " <80-character link> Reply STOP to opt out." (104 septets) 56 are left: "WalkOn 2:05 PM EST: "
    // (20) + "Ride number 3 13m" (17) + " +2 more" (8) = 45 fit; a second ride (+19) with " +1 more" would need 64.
    expect(formatRideAlertGroupSms(group(3))).toMatch(/^WalkOn 2:05 PM EST: Ride number 3 13m \+2 more .* Reply STOP to opt out\.$/);
  });

  it('SMS: the time carries the park zone in summer and winter, and a zone without a US name gets its offset (R25a)', () => {
    expect(formatRideAlertGroupSms(group(1, { readingAt: new Date('2026-07-04T00:15:00Z') }))).toMatch(/^WalkOn 8:15 PM EDT: /);
    expect(formatRideAlertGroupSms(group(1, { timezone: 'Europe/Paris' }))).toMatch(/^WalkOn 8:05 PM GMT\+1: /);
  });

  it('SMS: a ride name too long for one segment is shortened, never a second segment', () => {
    const sms = formatRideAlertGroupSms(
      group(2, {
        items: [
          { kind: 'ride_alert', rideName: 'A'.repeat(200), waitTime: 5 },
          { kind: 'ride_alert', rideName: 'B', waitTime: 9 },
        ],
      }),
    );
    expect(gsm7Length(sms)).toBeLessThanOrEqual(160);
    expect(sms).toContain('...');
    expect(sms).toContain('+1 more');
  });
});

describe('pass confirmation', () => {
  const base = {
    parkName: 'Magic Kingdom Park',
    channel: 'email' as const,
    days: ['2026-11-24', '2026-11-25'],
    amountCents: 200,
    transactionId: 'pi_1',
    unsubscribeUrl: null,
    publicOrigin: 'https://walkon.example',
  };
  it('writes dates and money as the site writes them', () => {
    expect(formatDay('2026-11-24')).toBe('Tue, Nov 24');
    const mail = formatPassConfirmation(base);
    expect(mail.text).toContain('Dates: Tue, Nov 24 and Wed, Nov 25');
    expect(mail.html).toContain('Dates: Tue, Nov 24 and Wed, Nov 25');
    expect(mail.text).toContain('Paid: $2 (transaction pi_1)');
  });
  it('the claim link and the unsubscribe link are links in the HTML part', () => {
    const claimUrl = 'https://walkon.example/verify-email?token=abc&x=1';
    const mail = formatPassConfirmation({ ...base, claimUrl, unsubscribeUrl: 'https://walkon.example/unsubscribe?token=def' });
    expect(mail.html).toContain('<a href="https://walkon.example/verify-email?token=abc&amp;x=1">Claim these alerts</a>');
    expect(mail.html).toContain('<a href="https://walkon.example/unsubscribe?token=def">Stop these alerts</a>');
    expect(mail.text).toContain(`(it works once, for 30 days): ${claimUrl}`);
    const owner = formatPassConfirmation({ ...base, hasAccount: true });
    expect(owner.html).toContain('<a href="https://walkon.example/manage-alerts">Manage your alerts</a>');
  });
  it('an address that already has an account is told to manage its alerts, not to create an account', () => {
    expect(formatPassConfirmation(base).text).toContain('create an account');
    const mine = formatPassConfirmation({ ...base, hasAccount: true }).text;
    expect(mine).toContain('Manage your alerts');
    expect(mine).not.toContain('create an account');
  });
});
