import { describe, expect, it } from 'vitest';
import { signupFieldProblem, signupProblem } from './signup.ts';

const ok = { parkId: 'mk', dates: ['2026-11-22'], channel: 'sms' as const, phone: '+1 (407) 555-0123', email: 'walt@example.com' };

describe('signup card checks (docs/spec/part-1.md §5), in screen order', () => {
  it('passes a complete card', () => {
    expect(signupProblem(ok)).toBeNull();
    expect(signupProblem({ ...ok, channel: 'email', phone: '' })).toBeNull();
  });
  it('park, then dates', () => {
    expect(signupProblem({ ...ok, parkId: '', dates: [] })).toMatchObject({
      field: 'park',
      title: 'Park Required',
      description: 'Please select a theme park.',
    });
    expect(signupProblem({ ...ok, dates: [] })).toMatchObject({
      field: 'dates',
      title: 'Date Required',
      description: 'Please select at least one date.',
    });
  });
  it('phone only for SMS, with the signup card rule', () => {
    expect(signupProblem({ ...ok, phone: ' ' })).toMatchObject({ field: 'phone', title: 'Phone Number Required' });
    expect(signupProblem({ ...ok, phone: '0123' })).toMatchObject({
      field: 'phone',
      description: 'Please enter a valid phone number (+ symbol optional)',
    });
  });
  it('e-mail needs an at sign and a dot', () => {
    expect(signupProblem({ ...ok, email: '' })).toMatchObject({ field: 'email', title: 'Email Required' });
    expect(signupProblem({ ...ok, email: 'walt@example' })).toMatchObject({
      field: 'email',
      description: 'Please enter a valid email address',
    });
  });
  it('checks one field at a time, so a fixed field can take its error toast away', () => {
    expect(signupFieldProblem({ ...ok, phone: '0123' }, 'phone')).toMatchObject({ title: 'Invalid Phone Number' });
    expect(signupFieldProblem({ ...ok, phone: '0123' }, 'email')).toBeNull();
    expect(signupFieldProblem({ ...ok, channel: 'email', phone: '' }, 'phone')).toBeNull();
    expect(signupFieldProblem({ ...ok, phone: '+1 407 939 5277' }, 'phone')).toBeNull();
  });
});
