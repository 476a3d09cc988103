import { zodResolver } from '@hookform/resolvers/zod';
import { FLIGHT_ALERT_REQUIRED, FLIGHT_SEARCH_REQUIRED, flightAlertInput, flightSearchInput } from '@walkon/domain/schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { trpcErrorCode } from '../../lib/trpcError.ts';

export { FLIGHT_ALERT_REQUIRED, FLIGHT_SEARCH_REQUIRED };

/** The search card's fields as the inputs hold them ('' = empty / all airports / one way). */
export interface SearchValues {
  origin: string;
  destinationId: string;
  airport: string;
  departureDate: string;
  returnDate: string;
}

/** The alert card's own fields; the trip comes from the search card. */
export interface AlertValues {
  email: string;
  maxPrice: string;
}

/** What `flights.search` takes (the parsed search schema). */
export type FlightSearchInput = z.output<typeof flightSearchInput>;
/** What `flights.createAlert` takes (the parsed alert schema). */
export type FlightAlertInput = z.output<typeof flightAlertInput>;

/** Empty search card. */
export const EMPTY_SEARCH: SearchValues = { origin: '', destinationId: '', airport: '', departureDate: '', returnDate: '' };
/** Empty alert card. */
export const EMPTY_ALERT: AlertValues = { email: '', maxPrice: '' };

/** The search card's values in the schema's shape: an empty airport means all airports, an empty return one way. */
export function toSearchInput(v: SearchValues) {
  return {
    origin: v.origin,
    destinationId: v.destinationId,
    airport: v.airport === '' ? null : v.airport,
    departureDate: v.departureDate,
    returnDate: v.returnDate === '' ? null : v.returnDate,
  };
}

/** Alert card + search card values in the alert schema's shape (the home airport is the search's origin). */
export function toAlertInput(search: SearchValues, alert: AlertValues) {
  const trip = toSearchInput(search);
  return {
    homeAirport: trip.origin,
    destinationId: trip.destinationId,
    airport: trip.airport,
    email: alert.email,
    maxPrice: alert.maxPrice,
    departureDate: trip.departureDate,
    returnDate: trip.returnDate,
  };
}

const searchSchema = zodResolver(flightSearchInput);
const alertSchema = zodResolver(flightAlertInput);

/** react-hook-form resolver of the search card: the server's `flightSearchInput` over the mapped values. */
export const searchResolver: Resolver<SearchValues, unknown, FlightSearchInput> = (values, context, options) =>
  searchSchema(toSearchInput(values), context, options as never) as never;

/**
 * react-hook-form resolver of the alert card: the server's `flightAlertInput` over the alert fields and the
 * search card's current values (`getSearch`). Errors of the trip fields come back under the alert schema's
 * names (homeAirport, destinationId, airport, departureDate, returnDate); see `tripErrors`.
 */
export function alertResolver(getSearch: () => SearchValues): Resolver<AlertValues, unknown, FlightAlertInput> {
  return (values, context, options) => alertSchema(toAlertInput(getSearch(), values), context, options as never) as never;
}

/** Alert-schema trip field → search card field. */
const TRIP_FIELDS = {
  homeAirport: 'origin',
  destinationId: 'destinationId',
  airport: 'airport',
  departureDate: 'departureDate',
  returnDate: 'returnDate',
} as const satisfies Record<string, keyof SearchValues>;

/** The trip-field errors of an alert submit, keyed by the search card's field names (to mark those inputs). */
export function tripErrors(errors: FieldErrors): { field: keyof SearchValues; message: string }[] {
  const out: { field: keyof SearchValues; message: string }[] = [];
  for (const [from, to] of Object.entries(TRIP_FIELDS)) {
    const message = errors[from]?.message;
    if (typeof message === 'string') out.push({ field: to, message });
  }
  return out;
}

/** Whether any field error is the "required" message (→ the 'Missing Information' toast). */
export function hasMissing(errors: FieldErrors, requiredMessage: string): boolean {
  return Object.values(errors).some((e) => e?.message === requiredMessage);
}

/** The first field error's message (in the schema's field order), for a toast naming what is wrong; null when none. */
export function firstProblem(errors: FieldErrors): string | null {
  for (const e of Object.values(errors)) if (typeof e?.message === 'string' && e.message) return e.message;
  return null;
}

/**
 * The message to show for a failed call: the server's own words for a validation problem (HTTP 400, e.g.
 * an unknown airport code), else `fallback`.
 */
export function failureMessage(err: unknown, fallback: string): string {
  return trpcErrorCode(err) === 'BAD_REQUEST' && err instanceof Error && err.message ? err.message : fallback;
}

/** Whether a failed call says flight search is not available here (HTTP 503). */
export function isUnavailable(err: unknown): boolean {
  return trpcErrorCode(err) === 'SERVICE_UNAVAILABLE';
}
