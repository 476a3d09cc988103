import { describe, expect, it } from 'vitest';
import { formatAccountEmail, formatEmailChangedNotice } from './account.ts';
import { formatAffiliateConfirmation } from './affiliate.ts';
import { emailLayout } from './email.ts';
import { formatNewsletterConfirmation } from './newsletter.ts';
import { formatPassConfirmation } from './passes.ts';
import { formatRideAlertGroupEmail } from './rideAlerts.ts';

const ORIGIN = 'https://walkon.example';
const MK = '75ea578a-adc8-4116-a54d-dccb60765ef9';

describe('one branded layout for every e-mail', () => {
  it('wraps the body in the header with the logo (linked to the site), and the footer; the text part gets the signature', () => {
    const mail = emailLayout({ subject: 'Hello <you>', text: 'Body line\n', html: '<p>Body line</p>' }, `${ORIGIN}/`);
    expect(mail.subject).toBe('Hello <you>');
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<title>Hello &lt;you&gt;</title>');
    const header = mail.html.match(/<td data-email="header"[^>]*>(.*?)<\/td>/s)?.[1] ?? '';
    expect(header).toContain(`<a href="${ORIGIN}/"`);
    expect(header).toContain(`<img src="${ORIGIN}/icons/icon-192.png"`);
    expect(header).toContain('WalkOn');
    expect(mail.html).toContain('<td data-email="body"');
    expect(mail.html.indexOf('<p>Body line</p>')).toBeGreaterThan(mail.html.indexOf('data-email="header"'));
    expect(mail.html).toMatch(
      /data-email="footer"[^>]*>WalkOn · walk-on ride alerts · <a href="https:\/\/walkon\.example\/"[^>]*>walkon\.example<\/a>/,
    );
    expect(mail.text).toBe(`Body line\n\n--\nWalkOn · walk-on ride alerts · ${ORIGIN}/\n`);
  });

  it('without a known site: the wordmark alone, no image or link', () => {
    const mail = formatAffiliateConfirmation('Ana');
    expect(mail.html).toContain('data-email="header"');
    expect(mail.html).not.toContain('<img');
    expect(mail.text.endsWith('--\nWalkOn · walk-on ride alerts\n')).toBe(true);
  });

  it('every template uses it: account, newsletter, pass confirmation, ride alerts', () => {
    const mails = [
      formatAccountEmail('verify_email', `${ORIGIN}/verify-email?token=abc`),
      formatEmailChangedNotice({ newEmail: 'new@example.com', passes: [], contactUrl: `${ORIGIN}/contact` }),
      formatNewsletterConfirmation(`${ORIGIN}/confirm?token=a`, `${ORIGIN}/unsubscribe?token=b`),
      formatPassConfirmation({
        parkName: 'Magic Kingdom Park',
        channel: 'email',
        days: ['2026-11-24'],
        amountCents: 100,
        transactionId: null,
        publicOrigin: ORIGIN,
        unsubscribeUrl: null,
      }),
    ];
    for (const m of mails) {
      expect(m.html, m.subject).toContain(`<img src="${ORIGIN}/icons/icon-192.png"`);
      expect(m.html.match(/<!doctype html>/g)).toHaveLength(1);
      expect(m.text, m.subject).toContain(`--\nWalkOn · walk-on ride alerts · ${ORIGIN}/`);
    }
  });

  it('the e-mail-changed notice links the contact page; ride alert e-mails link each ride to its page', () => {
    const notice = formatEmailChangedNotice({ newEmail: 'new@example.com', passes: [], contactUrl: `${ORIGIN}/contact` });
    expect(notice.html).toContain(`<a href="${ORIGIN}/contact">${ORIGIN}/contact</a>`);
    expect(notice.text).toContain(`contact us at once: ${ORIGIN}/contact`);
    const alert = formatRideAlertGroupEmail({
      parkId: MK,
      parkName: 'Magic Kingdom Park',
      timezone: 'America/New_York',
      readingAt: new Date('2026-11-24T19:05:00Z'),
      items: [
        { kind: 'ride_alert', rideName: 'Dumbo the Flying Elephant', waitTime: 5, rideId: 'dumbo-1' },
        { kind: 'ride_alert', rideName: 'Peter Pan’s <Flight>', waitTime: 10, rideId: 'pan-2' },
        { kind: 'ride_alert', rideName: 'No id', waitTime: 12 },
      ],
      publicOrigin: ORIGIN,
      unsubscribeUrl: null,
    });
    expect(alert.html).toContain(`<a href="${ORIGIN}/live-wait-times/${MK}/dumbo-1" style="color:#0f766e">Dumbo the Flying Elephant</a>`);
    expect(alert.html).toContain(`<a href="${ORIGIN}/live-wait-times/${MK}/pan-2" style="color:#0f766e">Peter Pan’s &lt;Flight&gt;</a>`);
    expect(alert.html).toContain('<strong>No id</strong>');
  });
});
