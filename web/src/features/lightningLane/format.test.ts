import { TRPCClientError } from '@trpc/client';
import { LL_MESSAGES } from '@walkon/domain/schemas';
import { describe, expect, it } from 'vitest';
import { ageLabel, countdown, formatLanePrice, laneErrorToast, parkTime, returnWindow, stateLabel } from './format.ts';

const trpcError = (code: string, message: string) =>
  new TRPCClientError(message, { result: { error: { message, code: -1, data: { code } } } } as never);

describe('Lightning Lane display helpers (docs/spec/part-2.md §4, §8)', () => {
  const now = new Date('2026-04-14T22:27:00Z');

  it.each([
    ['2026-04-15T22:27:00Z', '24h 00m 00s'],
    ['2026-04-15T22:26:55Z', '23h 59m 55s'],
    ['2026-04-14T22:31:09Z', '4m 09s'],
    ['2026-04-14T22:27:01Z', '0m 01s'],
    ['2026-04-14T22:27:00Z', 'Expired'],
    ['2026-04-14T22:26:00Z', 'Expired'],
    ['garbage', 'Expired'],
  ])('countdown to %s → %s', (at, label) => expect(countdown(at, now)).toBe(label));

  it('times are park-local', () => {
    expect(parkTime('2026-04-14T23:20:00.000Z', 'America/New_York')).toBe('7:20 PM');
    expect(parkTime('2026-04-14T23:20:00.000Z', 'America/Los_Angeles')).toBe('4:20 PM');
    expect(parkTime('2026-04-14T23:20:00.000Z', null)).toBe('11:20 PM');
    expect(returnWindow('2026-04-14T23:20:00Z', null, 'America/New_York')).toBe('From 7:20 PM park time');
    expect(returnWindow('2026-04-14T23:20:00Z', '2026-04-15T00:20:00Z', 'America/New_York')).toBe('7:20 PM – 8:20 PM park time');
    expect(returnWindow(null, null, 'America/New_York')).toBe('—');
  });

  it('prices, ages and states', () => {
    expect(formatLanePrice(2100, '$21.00')).toBe('$21.00');
    expect(formatLanePrice(1400, null)).toBe('$14'); // the one money format (formatUsd, docs/decisions/028)
    expect(formatLanePrice(1350, null)).toBe('$13.50');
    expect(formatLanePrice(undefined)).toBe('—');
    expect(ageLabel('2026-04-14T22:26:55Z', now)).toBe('just now');
    expect(ageLabel('2026-04-14T22:26:15Z', now)).toBe('45 s ago');
    expect(ageLabel('2026-04-14T22:24:00Z', now)).toBe('3 min ago');
    expect(ageLabel('2026-04-14T19:00:00Z', now)).toBe('3 h ago');
    expect(stateLabel('TEMP_FULL')).toBe('Temporarily full');
    expect(stateLabel('FINISHED')).toBe('Sold out');
    expect(stateLabel('REFURBISHMENT')).toBe('Refurbishment');
    expect(stateLabel(null)).toBe('Unknown');
  });

  it('maps failures to the spec toast titles', () => {
    expect(laneErrorToast('book', trpcError('UNAUTHORIZED', 'x'))).toEqual({
      title: 'Authentication Required',
      description: 'Please log in to book Lightning Lanes',
    });
    expect(laneErrorToast('book', trpcError('FORBIDDEN', LL_MESSAGES.disneyAccountRequired)).title).toBe('Disney Account Required');
    expect(laneErrorToast('autoBooking', trpcError('FORBIDDEN', LL_MESSAGES.disneyAccountRequired)).title).toBe('Disney Account Required');
    expect(laneErrorToast('book', trpcError('CONFLICT', 'No Lightning Lane…'))).toEqual({
      title: 'Booking Failed',
      description: 'No Lightning Lane…',
    });
    expect(laneErrorToast('invite', trpcError('BAD_REQUEST', 'Please enter a valid email address')).title).toBe('Invitation Failed');
    expect(laneErrorToast('invite', new Error('Failed to fetch')).title).toBe('Connection Error');
    expect(laneErrorToast('disconnect', trpcError('INTERNAL_SERVER_ERROR', 'x')).title).toBe('Connection Failed');
    expect(laneErrorToast('check', trpcError('NOT_FOUND', 'Please select a theme park.')).title).toBe('Check Failed');
    expect(laneErrorToast('check', trpcError('INTERNAL_SERVER_ERROR', 'boom')).title).toBe('Check Error');
    expect(laneErrorToast('subscribe', trpcError('SERVICE_UNAVAILABLE', 'Card payments are not available right now.'))).toEqual({
      title: 'Subscription Error',
      description: 'Card payments are not available right now.',
    });
  });
});
