import { describe, expect, it } from 'vitest';
import { type FeatureState, type GateCaller, gateAllows } from './features.ts';

/** docs/DESIGN.md §6: the one gate rule shared by the server's featureAccess and the auto-booking job. */
describe('gateAllows', () => {
  const anon = null;
  const user: GateCaller = { isAdmin: false, hasGrant: false };
  const granted: GateCaller = { isAdmin: false, hasGrant: true };
  const admin: GateCaller = { isAdmin: true, hasGrant: false };
  const cases: [FeatureState, GateCaller | null, boolean][] = [
    ['off', anon, false],
    ['off', user, false],
    ['off', granted, false],
    ['off', admin, true],
    ['early_access', anon, false],
    ['early_access', user, false],
    ['early_access', granted, true],
    ['early_access', admin, true],
    ['on', anon, true],
    ['on', user, true],
    ['on', granted, true],
    ['on', admin, true],
  ];
  it.each(cases)('%s, caller %j → %s', (state, caller, expected) => {
    expect(gateAllows(state, caller)).toBe(expected);
  });
});
