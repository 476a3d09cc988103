import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_SETTINGS, sameSettings, settingsSummary, THRESHOLD_CHOICES } from './watchSettings.ts';

describe('watch settings helpers (docs/DESIGN.md §2.3)', () => {
  it('offers 5 to 60 minutes in steps of 5', () => {
    expect(THRESHOLD_CHOICES).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
  });
  it('summarises the threshold in force and the options that are on', () => {
    expect(settingsSummary(DEFAULT_WATCH_SETTINGS)).toBe('≤ 15 min');
    expect(settingsSummary({ thresholdMinutes: 5, backInService: true, remindHourly: true })).toBe('≤ 5 min · hourly · back in service');
  });
  it('compares settings field by field', () => {
    expect(sameSettings(DEFAULT_WATCH_SETTINGS, { ...DEFAULT_WATCH_SETTINGS })).toBe(true);
    expect(sameSettings(DEFAULT_WATCH_SETTINGS, { ...DEFAULT_WATCH_SETTINGS, thresholdMinutes: 15 })).toBe(false);
  });
});
