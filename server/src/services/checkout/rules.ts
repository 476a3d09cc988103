import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import { MAX_DAYS_AHEAD } from '@walkon/domain/pricing';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { requireZonedPark } from '../parks.ts';

// Checks every checkout path shares: the phone number of an SMS pass and the park-local dates of a pass.

/**
 * Normalises a phone number to E.164 with libphonenumber-js (numbers without a country code are read as
 * US/Canada numbers, where the parks are).
 * @throws AppError BAD_REQUEST "Please enter a valid phone number (+ symbol optional)" (docs/spec/part-1.md §5).
 */
export function toE164(raw: string): string {
  const n = parsePhoneNumberFromString(raw.trim(), 'US');
  if (!n?.isValid()) throw new AppError('BAD_REQUEST', 'Please enter a valid phone number (+ symbol optional)');
  return n.number;
}

/**
 * Checks the dates of a pass against the park-local today (docs/spec/part-1.md §5: dates before today are disabled;
 * at most a year ahead). Returns them sorted without duplicates.
 * @throws AppError BAD_REQUEST with the rule broken.
 */
export function validatePassDates(dates: string[], today: string): string[] {
  const sorted = [...new Set(dates)].sort();
  if (sorted.length === 0) throw new AppError('BAD_REQUEST', 'Please select at least one date.');
  if (sorted[0]! < today) throw new AppError('BAD_REQUEST', 'Dates before today cannot be selected.');
  if (sorted[sorted.length - 1]! > addDaysToDate(today, MAX_DAYS_AHEAD)) {
    throw new AppError('BAD_REQUEST', 'Dates can be at most a year ahead.');
  }
  return sorted;
}

/**
 * The park-local today for a park's pass calendar (docs/spec/part-1.md §5: dates before today are disabled), decided
 * on the server because the visitor's clock and time zone are not the park's.
 * @returns `{ parkId, parkName, timezone, today: 'yyyy-MM-dd', maxDate: 'yyyy-MM-dd' }`.
 * @throws AppError NOT_FOUND for an unknown park.
 */
export async function passCalendar(deps: AppDeps, parkId: string) {
  const park = await requireZonedPark(deps, parkId);
  const today = parkLocalDate(deps.now(), park.timezone);
  return { parkId: park.id, parkName: park.name, timezone: park.timezone, today, maxDate: addDaysToDate(today, MAX_DAYS_AHEAD) };
}
