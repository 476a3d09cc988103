import { describe, expect, it } from 'vitest';
import { alertAction, alertsStatus, canActivate, filterRides, initialSelection, parksToReenable } from './selection.ts';

describe('Get Alerts rules', () => {
  it('docs/spec/part-1.md §4: first load with nothing selected and not manually cleared auto-selects all and saves', () => {
    expect(initialSelection({ saved: [], rideIds: ['a', 'b'], manuallyCleared: false })).toEqual({ selected: ['a', 'b'], save: true });
  });
  it('docs/spec/part-1.md §4: a manually cleared park stays empty', () => {
    expect(initialSelection({ saved: [], rideIds: ['a', 'b'], manuallyCleared: true })).toEqual({ selected: [], save: false });
  });
  it('docs/spec/part-1.md §4: a saved selection wins (unknown ids dropped)', () => {
    expect(initialSelection({ saved: ['b', 'zz'], rideIds: ['a', 'b'], manuallyCleared: false })).toEqual({ selected: ['b'], save: false });
  });
  it('docs/spec/part-1.md §4: labels INACTIVE → Schedule/Activate Alerts → ACTIVE → Stop Alerts', () => {
    expect(alertsStatus(null)).toBe('INACTIVE');
    expect(alertAction('INACTIVE', true)).toBe('Schedule Alerts');
    expect(alertAction('INACTIVE', false)).toBe('Activate Alerts');
    expect(alertsStatus({ valid: true, scheduled: false })).toBe('ACTIVE');
    expect(alertsStatus({ valid: false, scheduled: true })).toBe('SCHEDULED');
    expect(alertAction('ACTIVE', false)).toBe('Stop Alerts');
  });
  it('docs/spec/part-1.md §4: activate needs a park, a ride and a valid e-mail', () => {
    expect(canActivate({ parkId: 'p', selectedCount: 1, email: 'a@b.co' })).toBe(true);
    expect(canActivate({ parkId: null, selectedCount: 1, email: 'a@b.co' })).toBe(false);
    expect(canActivate({ parkId: 'p', selectedCount: 0, email: 'a@b.co' })).toBe(false);
    expect(canActivate({ parkId: 'p', selectedCount: 1, email: 'a@b' })).toBe(false);
  });
  it('docs/spec/part-1.md §4: Manage Alerts re-enables parks whose rides are all inactive', () => {
    expect(
      parksToReenable([
        { parkId: 'p1', rides: [{ active: false }] },
        { parkId: 'p2', rides: [{ active: true }, { active: false }] },
        { parkId: 'p3', rides: [] },
      ]),
    ).toEqual(['p1']);
  });
});

describe('the Get Alerts ride picker filter', () => {
  const rides = [
    { id: 'a', name: 'Space Mountain' },
    { id: 'b', name: 'Peter Pan’s Flight' },
    { id: 'c', name: 'Mad Tea Party' },
    { id: 'd', name: 'Pirates of the Caribbean' },
  ];
  it('keeps rides whose name holds every word typed, ignoring case and accents', () => {
    expect(filterRides(rides, [], 'PAN flight', 'all').map((r) => r.id)).toEqual(['b']);
    expect(filterRides(rides, [], 'mountain spa', 'all').map((r) => r.id)).toEqual(['a']);
    expect(filterRides([{ id: 'e', name: 'Rémy’s Ratatouille Adventure' }], [], 'remy', 'all')).toHaveLength(1);
    expect(filterRides(rides, [], '   ', 'all')).toHaveLength(4);
  });
  it('shows the selected or the unselected rides only, combined with the search', () => {
    expect(filterRides(rides, ['a', 'd'], '', 'selected').map((r) => r.id)).toEqual(['a', 'd']);
    expect(filterRides(rides, ['a', 'd'], '', 'unselected').map((r) => r.id)).toEqual(['b', 'c']);
    expect(filterRides(rides, ['a', 'd'], 'pirates', 'unselected')).toEqual([]);
  });
});
