import { describe, expect, it } from 'vitest';
import { alertWaitBadge, liveWaitTone, statusTone } from './badges.ts';

describe('wait badges', () => {
  it('docs/spec/part-1.md §9: live table colours — ≥45 red, 20–44 amber, <20 green', () => {
    expect([5, 19, 20, 44, 45, 120].map(liveWaitTone)).toEqual(['green', 'green', 'amber', 'amber', 'red', 'red']);
  });
  it('docs/spec/part-1.md §9: Get Alerts badge — 0 Walk on, ≤15 green, ≤30 yellow, >30 red, none No data', () => {
    expect(alertWaitBadge(null)).toEqual({ label: 'No data', tone: 'slate' });
    expect(alertWaitBadge(0)).toEqual({ label: 'Walk on', tone: 'green' });
    expect(alertWaitBadge(15).tone).toBe('green');
    expect(alertWaitBadge(16).tone).toBe('yellow');
    expect(alertWaitBadge(30).tone).toBe('yellow');
    expect(alertWaitBadge(31)).toEqual({ label: '31 min', tone: 'red' });
  });
  it('docs/spec/part-1.md §2: status colours', () => {
    expect(['OPERATING', 'DOWN', 'REFURBISHMENT', 'CLOSED'].map(statusTone)).toEqual(['green', 'red', 'amber', 'slate']);
  });
});
