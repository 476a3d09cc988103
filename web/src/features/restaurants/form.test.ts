import { describe, expect, it } from 'vitest';
import { emptyRestaurantForm, fieldMessage, firstProblem, type RestaurantFormValues, restaurantResolver, toCreateInput } from './form.ts';

const opts = { fields: {}, shouldUseNativeValidation: false } as never;
const filled: RestaurantFormValues = {
  ...emptyRestaurantForm('fan@example.com'),
  destinationId: 'wdw',
  parkId: 'mk',
  restaurantId: 'r',
  dates: ['2026-12-01'],
};
/** What the form does on submit: the shared schema through the resolver, then the first problem as the toast. */
const check = async (v: RestaurantFormValues) => {
  const { values, errors } = await restaurantResolver(v, undefined, opts);
  return { values, errors, problem: firstProblem(errors) };
};

describe('restaurant alert form (docs/spec/part-2.md §5, §8)', () => {
  it('defaults: party size 2, dinner, no dates; the account e-mail when given', () => {
    expect(emptyRestaurantForm()).toMatchObject({ partySize: '2', preferredTime: 'dinner', dates: [], email: '' });
    expect(emptyRestaurantForm('me@example.com').email).toBe('me@example.com');
  });

  it.each([
    [{ parkId: '' }, 'parkId', 'Missing information', 'Please select a park and enter a valid email.'],
    [{ email: '' }, 'email', 'Missing information', 'Please select a park and enter a valid email.'],
    [{ email: 'nope@' }, 'email', 'Missing information', 'Please select a park and enter a valid email.'],
    [{ restaurantId: '' }, 'restaurantId', 'Missing restaurant', 'Please select a restaurant.'],
    [{ dates: [] }, 'dates', 'Missing dates', 'Please select at least one date.'],
    [{ dates: ['2026-02-30'] }, 'dates', 'Missing dates', 'Dates look like 2026-04-14.'],
    [{ partySize: '21' }, 'partySize', 'Invalid input', 'Party size must be between 1 and 20.'],
    [{ partySize: '' }, 'partySize', 'Invalid input', 'Party size must be between 1 and 20.'],
    [{ partySize: '2.5' }, 'partySize', 'Invalid input', 'Party size must be between 1 and 20.'],
  ] as [Partial<RestaurantFormValues>, keyof RestaurantFormValues, string, string][])(
    '%o → the %s field and the toast %s',
    async (patch, field, title, description) => {
      const { values, errors, problem } = await check({ ...filled, ...patch });
      expect(values).toEqual({});
      expect(problem).toEqual({ field, title, description });
      // The same message is shown on the field itself.
      expect(fieldMessage(errors, field)).toBe(description);
    },
  );

  it('an empty form: every required field is marked; the toast names the park and e-mail first', async () => {
    const { errors, problem } = await check(emptyRestaurantForm());
    expect(problem).toEqual({
      field: 'parkId',
      title: 'Missing information',
      description: 'Please select a park and enter a valid email.',
    });
    expect((['parkId', 'email', 'restaurantId', 'dates'] as const).map((f) => fieldMessage(errors, f))).toEqual([
      'Please select a park and enter a valid email.',
      'Please select a park and enter a valid email.',
      'Please select a restaurant.',
      'Please select at least one date.',
    ]);
    expect(fieldMessage(errors, 'partySize')).toBeUndefined();
  });

  it('a restaurant without dates is reported as Missing dates', async () => {
    expect((await check({ ...filled, dates: [] })).problem?.title).toBe('Missing dates');
  });

  it('a valid form gives the parsed create input: normalised e-mail, numeric party size, no destination', async () => {
    const { values, errors } = await check({ ...filled, email: ' Fan@Example.com ', partySize: '6', preferredTime: 'any' });
    expect(errors).toEqual({});
    expect(values).toEqual({
      parkId: 'mk',
      email: 'fan@example.com',
      restaurantId: 'r',
      dates: ['2026-12-01'],
      partySize: 6,
      preferredTime: 'any',
    });
    expect(toCreateInput(filled)).not.toHaveProperty('destinationId');
  });
});
