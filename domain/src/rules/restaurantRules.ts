/**
 * Pure rules of the restaurant check (docs/decisions/009): meal windows,
 * grouping alerts into provider questions, and the match sentence. No I/O here; core/src/pipeline/restaurantCheck.ts does that.
 */

/** The preferred time of a restaurant alert (`restaurant_alerts.preferred_time`). */
export type PreferredMeal = 'breakfast' | 'lunch' | 'dinner' | 'any';

/** One provider question: a restaurant's availability on a park-local date for a party size (the provider's `DiningQuery`). */
export interface DiningQuery {
  parkId: string;
  restaurantId: string;
  /** Park-local 'YYYY-MM-DD'. */
  date: string;
  /** 1–20. */
  partySize: number;
}

/** The fields of a restaurant alert the grouping reads (db `restaurantAlerts.AlertToCheck`). */
interface AlertToCheck {
  parkId: string;
  restaurantId: string;
  partySize: number;
  /** Park-local 'YYYY-MM-DD' dates, sorted. */
  dates: string[];
}

/**
 * Park-local meal windows ['HH:mm' from, 'HH:mm' to, end exclusive] for the preferred time of a restaurant
 * alert (docs/spec/part-2.md §3 preferred_time; the spec gives no hours, these follow the parks' usual service):
 * breakfast 06:00–11:00, lunch 11:00–16:00, dinner 16:00–23:00. Outside them only `any` matches.
 */
export const MEAL_WINDOWS: Record<Exclude<PreferredMeal, 'any'>, readonly [string, string]> = {
  breakfast: ['06:00', '11:00'],
  lunch: ['11:00', '16:00'],
  dinner: ['16:00', '23:00'],
};

/** The meal whose window holds the park-local time 'HH:mm', or null (late night / early morning). */
export function mealOf(time: string): Exclude<PreferredMeal, 'any'> | null {
  for (const [meal, [from, to]] of Object.entries(MEAL_WINDOWS) as [Exclude<PreferredMeal, 'any'>, readonly [string, string]][]) {
    if (time >= from && time < to) return meal;
  }
  return null;
}

/**
 * Whether availability at park-local time 'HH:mm' suits a preferred time: `any` always; otherwise the time must
 * fall in that meal's window (a walk-up availability observed now counts for the meal being served now).
 */
export function suitsPreferredTime(preferred: PreferredMeal, time: string): boolean {
  return preferred === 'any' || mealOf(time) === preferred;
}

/** One provider question and every alert it answers. */
export interface RestaurantGroup<A> {
  query: DiningQuery;
  alerts: A[];
}

/** The group key of (restaurant, date, party size) (the restaurant id is unique across parks). */
export const groupKey = (q: Pick<DiningQuery, 'restaurantId' | 'date' | 'partySize'>) => `${q.restaurantId}|${q.date}|${q.partySize}`;

/**
 * Groups alerts by (restaurant, date, party size) — one group per date of each alert — so ONE provider check
 * serves every alert of a group (docs/decisions/009: 100 alerts on the same restaurant and date → one check). Groups come
 * in first-seen order; alerts keep their order inside a group.
 */
export function groupRestaurantAlerts<A extends Pick<AlertToCheck, 'parkId' | 'restaurantId' | 'partySize' | 'dates'>>(
  alerts: A[],
): RestaurantGroup<A>[] {
  const groups = new Map<string, RestaurantGroup<A>>();
  for (const a of alerts) {
    for (const date of new Set(a.dates)) {
      const query = { parkId: a.parkId, restaurantId: a.restaurantId, date, partySize: a.partySize };
      const key = groupKey(query);
      const g = groups.get(key);
      if (g) g.alerts.push(a);
      else groups.set(key, { query, alerts: [a] });
    }
  }
  return [...groups.values()];
}

/**
 * The one-line summary of a match kept with the delivery (alert history) and used as the e-mail's headline,
 * e.g. "Liberty Tree Tavern (Magic Kingdom Park): a table for 2 on 2026-04-14, about 60 min wait (seen at 18:27)".
 */
export function restaurantMatchMessage(m: {
  restaurantName: string;
  parkName: string | null;
  partySize: number;
  date: string;
  time: string;
  waitMinutes: number | null;
  sample: boolean;
}): string {
  const park = m.parkName ? ` (${m.parkName})` : '';
  const wait = m.waitMinutes === null ? 'walk-up' : `about ${m.waitMinutes} min wait`;
  const text = `${m.restaurantName}${park}: a table for ${m.partySize} on ${m.date}, ${wait} (seen at ${m.time})`;
  return m.sample ? `Sample data: ${text}` : text;
}
