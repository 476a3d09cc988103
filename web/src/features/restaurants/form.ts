import {
  DEFAULT_PARTY_SIZE,
  DEFAULT_PREFERRED_TIME,
  type PreferredTime,
  RESTAURANT_TOAST_TITLES,
  restaurantAlertCreateInput,
} from '@walkon/server/schemas';

/** The restaurant alert form's values (spec part 2 §2: destination, park, email, restaurant, dates, party size, preferred time). */
export interface RestaurantFormValues {
  destinationId: string;
  parkId: string;
  email: string;
  restaurantId: string;
  /** Sorted park-local 'yyyy-MM-dd'. */
  dates: string[];
  partySize: number;
  preferredTime: PreferredTime;
}

/** An empty form (party size 2, dinner: spec part 2 §5). */
export function emptyRestaurantForm(email = ''): RestaurantFormValues {
  return {
    destinationId: '',
    parkId: '',
    email,
    restaurantId: '',
    dates: [],
    partySize: DEFAULT_PARTY_SIZE,
    preferredTime: DEFAULT_PREFERRED_TIME,
  };
}

/** The create input a valid form sends (e-mail required in the form; the server re-validates everything). */
export type RestaurantCreateInput = {
  parkId: string;
  email: string;
  restaurantId: string;
  dates: string[];
  partySize: number;
  preferredTime: PreferredTime;
};

/**
 * Checks the form with the shared schema and returns the first problem as the toast of spec part 2 §8
 * ('Missing information' / select a park and enter a valid email, 'Missing restaurant', 'Missing dates'), or
 * the input to send.
 */
export function checkRestaurantForm(
  v: RestaurantFormValues,
): { ok: true; input: RestaurantCreateInput } | { ok: false; title: string; description: string } {
  const input = {
    parkId: v.parkId,
    email: v.email,
    restaurantId: v.restaurantId,
    dates: v.dates,
    partySize: v.partySize,
    preferredTime: v.preferredTime,
  };
  const parsed = restaurantAlertCreateInput.safeParse(input);
  if (parsed.success) return { ok: true, input: { ...input, email: parsed.data.email ?? v.email.trim().toLowerCase() } };
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  return { ok: false, title: RESTAURANT_TOAST_TITLES[field] ?? 'Invalid input', description: issue.message };
}

/** Display label of a preferred time. */
export const PREFERRED_TIME_LABELS: Record<PreferredTime, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  any: 'Any time',
};
