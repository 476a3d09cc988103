import { describe, expect, it } from 'vitest';
import { checkRestaurantForm, emptyRestaurantForm } from './form.ts';

const filled = { ...emptyRestaurantForm('fan@example.com'), destinationId: 'wdw', parkId: 'mk', restaurantId: 'r', dates: ['2026-12-01'] };

describe('restaurant alert form (spec part 2 §5, §8)', () => {
  it('defaults: party size 2, dinner', () => {
    expect(emptyRestaurantForm()).toMatchObject({ partySize: 2, preferredTime: 'dinner', dates: [] });
  });

  it.each([
    [{ parkId: '' }, 'Missing information', 'Please select a park and enter a valid email.'],
    [{ email: '' }, 'Missing information', 'Please select a park and enter a valid email.'],
    [{ email: 'nope@' }, 'Missing information', 'Please select a park and enter a valid email.'],
    [{ restaurantId: '' }, 'Missing restaurant', 'Please select a restaurant.'],
    [{ dates: [] }, 'Missing dates', 'Please select at least one date.'],
    [{ partySize: 21 }, 'Invalid input', 'Party size must be between 1 and 20.'],
  ])('%o → %s', (patch, title, description) => {
    expect(checkRestaurantForm({ ...filled, ...patch })).toEqual({ ok: false, title, description });
  });

  it('the park is reported before the restaurant and the dates', () => {
    expect(checkRestaurantForm(emptyRestaurantForm())).toMatchObject({ title: 'Missing information' });
  });

  it('a valid form gives the create input with a normalised e-mail', () => {
    expect(checkRestaurantForm({ ...filled, email: ' Fan@Example.com ' })).toEqual({
      ok: true,
      input: { parkId: 'mk', email: 'fan@example.com', restaurantId: 'r', dates: ['2026-12-01'], partySize: 2, preferredTime: 'dinner' },
    });
  });
});
