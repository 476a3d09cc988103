import { describe, expect, it } from 'vitest';
import { checkoutFailure } from './checkoutError.ts';

const rejected = (fieldErrors: Record<string, string[]>, message = 'x') => ({
  message,
  data: { code: 'BAD_REQUEST', zodError: { formErrors: [], fieldErrors } },
});

describe('checkout failures say what is wrong (docs/spec/part-1.md §5, §8)', () => {
  it('a rejected e-mail is an e-mail problem, not a payment error', () => {
    expect(checkoutFailure(rejected({ email: ['Please enter a valid email address'] }))).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address',
      field: 'email',
      values: [],
    });
    expect(checkoutFailure(rejected({ phone: ['Please enter a valid phone number.'] })).title).toBe('Invalid Phone Number');
  });
  it('a rejected request without a field keeps the server sentence; other failures are payment errors', () => {
    expect(checkoutFailure({ message: 'That park is not sold here.', data: { code: 'BAD_REQUEST', zodError: null } })).toEqual({
      title: 'Please check your details',
      description: 'That park is not sold here.',
      field: null,
      values: [],
    });
    expect(checkoutFailure({ message: 'Stripe is down', data: { code: 'SERVICE_UNAVAILABLE' } }).title).toBe('Payment Error');
    expect(checkoutFailure(new Error('')).description).toBe('Failed to start checkout process');
  });
  it('a refusal naming held dates marks the dates field with those dates', () => {
    const held = {
      message: 'a@b.co already has alerts for Magic Kingdom Park on Sat, Nov 28. Remove that date to pay only for new days.',
      data: { code: 'BAD_REQUEST', zodError: null, invalid: { field: 'dates', values: ['2026-11-28'] } },
    };
    expect(checkoutFailure(held)).toEqual({
      title: 'Dates Already Held',
      description: held.message,
      field: 'dates',
      values: ['2026-11-28'],
    });
    // An unknown field is no field to mark.
    expect(checkoutFailure({ ...held, data: { ...held.data, invalid: { field: 'nope', values: ['x'] } } }).field).toBeNull();
  });
});
