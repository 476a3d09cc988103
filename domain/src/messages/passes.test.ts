import { describe, expect, it } from 'vitest';
import { formatPassConfirmationSms } from './passes.ts';
import { gsm7Length } from './sms.ts';

describe('formatPassConfirmationSms (one GSM-7 segment)', () => {
  it('names the park and the day, with the opt-out', () => {
    const text = formatPassConfirmationSms('Magic Kingdom', ['2026-04-14']);
    expect(text).toMatch(/^WalkOn: SMS alerts are set for Magic Kingdom on .+\. Reply STOP to opt out\.$/);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
  });

  it('shortens a long park name with "..." and keeps the opt-out inside 160 septets', () => {
    const text = formatPassConfirmationSms('A'.repeat(300), ['2026-04-14', '2026-04-15']);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(text.endsWith('... Reply STOP to opt out.')).toBe(true);
  });
});
