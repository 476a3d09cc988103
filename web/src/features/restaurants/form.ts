import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_PARTY_SIZE,
  DEFAULT_PREFERRED_TIME,
  type PreferredTime,
  RESTAURANT_TOAST_TITLES,
  restaurantAlertCreateInput,
} from '@walkon/domain/schemas';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The restaurant alert form's values as the inputs hold them (docs/spec/part-2.md §2: destination, park, email,
 * restaurant, dates, party size, preferred time; '' = nothing chosen).
 */
export interface RestaurantFormValues {
  destinationId: string;
  parkId: string;
  email: string;
  restaurantId: string;
  /** Sorted park-local 'yyyy-MM-dd'. */
  dates: string[];
  /** The number input's text ('2'); the schema coerces it. */
  partySize: string;
  preferredTime: PreferredTime;
}

/** What `restaurants.create` takes (the parsed shared schema). */
export type RestaurantCreateInput = z.output<typeof restaurantAlertCreateInput>;

/** An empty form (party size 2, dinner: docs/spec/part-2.md §5), with the account's e-mail when known. */
export function emptyRestaurantForm(email = ''): RestaurantFormValues {
  return {
    destinationId: '',
    parkId: '',
    email,
    restaurantId: '',
    dates: [],
    partySize: String(DEFAULT_PARTY_SIZE),
    preferredTime: DEFAULT_PREFERRED_TIME,
  };
}

/**
 * The form's values in the create schema's shape: the destination only narrows the park list and is not sent;
 * the e-mail is sent as typed (required by the form: an empty one is 'Missing information', not "the account's").
 */
export function toCreateInput(v: RestaurantFormValues) {
  return {
    parkId: v.parkId,
    email: v.email,
    restaurantId: v.restaurantId,
    dates: v.dates,
    partySize: v.partySize,
    preferredTime: v.preferredTime,
  };
}

const createSchema = zodResolver(restaurantAlertCreateInput);

/**
 * react-hook-form resolver of the form: the server's `restaurantAlertCreateInput` over the mapped values, so the
 * browser shows exactly the server's messages (docs/spec/part-2.md §5, §8) and submits the parsed input.
 */
export const restaurantResolver: Resolver<RestaurantFormValues, unknown, RestaurantCreateInput> = (values, context, options) =>
  createSchema(toCreateInput(values), context, options as never) as never;

/** The fields in the order the form reports them (the park and e-mail before the restaurant and the dates). */
const FIELD_ORDER = ['parkId', 'email', 'restaurantId', 'dates', 'partySize', 'preferredTime'] as const;

/**
 * The toast of a failed submit: the first field problem as { field, title, description }, with the titles of spec
 * docs/spec/part-2.md §8 ('Missing information' for the park or e-mail, 'Missing restaurant', 'Missing dates'; 'Invalid input'
 * for the party size or preferred time), or null when there is none.
 */
export function firstProblem(
  errors: FieldErrors<RestaurantFormValues>,
): { field: (typeof FIELD_ORDER)[number]; title: string; description: string } | null {
  for (const field of FIELD_ORDER) {
    const message = fieldMessage(errors, field);
    if (message) return { field, title: RESTAURANT_TOAST_TITLES[field] ?? 'Invalid input', description: message };
  }
  return null;
}

/**
 * The message of one field's error, or undefined. For the dates it is the list's own message ('Please select at
 * least one date.') or, when one date is wrong, that date's (react-hook-form keeps those under `dates.<i>`).
 */
export function fieldMessage(errors: FieldErrors<RestaurantFormValues>, field: keyof RestaurantFormValues): string | undefined {
  const error = errors[field] as { message?: unknown } | (({ message?: unknown } | undefined)[] & { message?: unknown }) | undefined;
  if (!error) return undefined;
  if (typeof error.message === 'string' && error.message) return error.message;
  if (Array.isArray(error)) {
    const item = error.find((e) => typeof e?.message === 'string' && e.message);
    return item?.message as string | undefined;
  }
  return undefined;
}

/** Display label of a preferred time. */
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  any: 'Any time',
};
