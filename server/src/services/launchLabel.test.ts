import { describe, expect, it } from 'vitest';
import { launchLabelEnd, publicLaunchLabel } from './launchLabel.ts';

describe('feature gate launch labels (docs/DESIGN.md §6)', () => {
  it('reads quarters, halves, months, ISO dates, seasons and years as the last day they speak of', () => {
    expect(launchLabelEnd('Q1 2025')).toBe('2025-03-31');
    expect(launchLabelEnd('q4 2026')).toBe('2026-12-31');
    expect(launchLabelEnd('H1 2027')).toBe('2027-06-30');
    expect(launchLabelEnd('February 2028')).toBe('2028-02-29');
    expect(launchLabelEnd('Sept 2026')).toBe('2026-09-30');
    expect(launchLabelEnd('Late Nov 2026')).toBe('2026-11-30');
    expect(launchLabelEnd('2026-12-05')).toBe('2026-12-05');
    expect(launchLabelEnd('2027-01')).toBe('2027-01-31');
    expect(launchLabelEnd('Summer 2027')).toBe('2027-08-31');
    expect(launchLabelEnd('Winter 2026')).toBe('2027-02-28');
    expect(launchLabelEnd('2027')).toBe('2027-12-31');
    expect(launchLabelEnd('Soon')).toBeNull();
    expect(launchLabelEnd('Whenever 12')).toBeNull();
  });
  it('a past label is shown as early access (null); a future or undated one as written; empty is early access', () => {
    const today = '2026-11-23';
    expect(publicLaunchLabel('Q1 2025', today)).toBeNull();
    expect(publicLaunchLabel('Q2 2025', today)).toBeNull();
    expect(publicLaunchLabel('November 2026', today)).toBe('November 2026');
    expect(publicLaunchLabel('2026-11-22', today)).toBeNull();
    expect(publicLaunchLabel('2026-11-23', today)).toBe('2026-11-23');
    expect(publicLaunchLabel('Q1 2027', today)).toBe('Q1 2027');
    expect(publicLaunchLabel('Soon', today)).toBe('Soon');
    expect(publicLaunchLabel('', today)).toBeNull();
    expect(publicLaunchLabel('   ', today)).toBeNull();
    expect(publicLaunchLabel(null, today)).toBeNull();
  });
});
