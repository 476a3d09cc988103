import { newsletter, site } from '@walkon/db';
import { addDaysToDate, parkLocalDate, parkLocalInstant } from '@walkon/domain/dates';
import { enqueueConfirmation } from '@walkon/jobs/producers';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadCatalogue } from './catalogue.ts';

/** The site's home time zone for "today" on the landing page (most visitors go to the Florida parks). */
export const SITE_TIMEZONE = 'America/New_York';
/** Settings key of the daily SMS capacity (docs/DESIGN.md §6: spots left = capacity − passes sold). */
export const SMS_CAPACITY_KEY = 'sms_daily_capacity';

/** Spots left for a day: capacity − sold, never below 0; null when no capacity is configured (hidden). */
export function spotsLeft(capacity: number | null | undefined, sold: number): number | null {
  if (capacity === null || capacity === undefined || !Number.isFinite(capacity) || capacity <= 0) return null;
  return Math.max(0, Math.floor(capacity) - sold);
}

/** Start of the site-local day containing `now`, as a UTC instant. */
export function startOfSiteDay(now: Date): Date {
  return parkLocalInstant(parkLocalDate(now, SITE_TIMEZONE), '00:00', SITE_TIMEZONE);
}

/**
 * Landing figures (docs/DESIGN.md §6 "no invented numbers"): walk-on alerts sent today (site-local day; R1's default 1–15 min), the most
 * alerted rides, and SMS spots left today and tomorrow from the configured capacity. Unknown = null.
 */
export async function publicStats(deps: AppDeps) {
  const now = deps.now();
  const today = parkLocalDate(now, SITE_TIMEZONE);
  const tomorrow = addDaysToDate(today, 1);
  const [sentToday, topRides, capacity, soldToday, soldTomorrow] = await Promise.all([
    site.countWalkOnAlertsSentSince(deps.db, startOfSiteDay(now)),
    site.topAlertedRides(deps.db),
    site.getSetting<number>(deps.db, SMS_CAPACITY_KEY),
    site.countSmsPassesFor(deps.db, today),
    site.countSmsPassesFor(deps.db, tomorrow),
  ]);
  return {
    alertsSentToday: sentToday,
    topRides: topRides.map((r) => ({ rideName: r.rideName, alerts: Number(r.alerts) })),
    spotsLeftToday: spotsLeft(capacity, soldToday),
    spotsLeftTomorrow: spotsLeft(capacity, soldTomorrow),
  };
}

/**
 * Newsletter sign-up (docs/spec/part-1.md §8): e-mail lower-cased and trimmed, the signed-in user's id attached. The
 * answer is { ok: true } whether the address is new or already subscribed (unique constraint, code 23505):
 * the spec's "Already Subscribed" told anyone which addresses are on the list (docs/security.md). Only a new
 * address gets the confirmation e-mail with an unsubscribe link; if Redis is down the sign-up still stands and
 * the failure is logged.
 */
export async function subscribeNewsletter(deps: AppDeps, email: string, userId: string | null) {
  let id: string;
  try {
    id = (await newsletter.insertSubscription(deps.db, email, userId)).id;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return { ok: true as const };
    throw err;
  }
  try {
    await enqueueConfirmation(deps.queues, 'newsletter', id);
  } catch (err) {
    deps.logger.warn({ err }, 'newsletter confirmation not queued');
  }
  return { ok: true as const };
}

/** Testimonials in display order: { id, name, parkVisited, text, rating 1–5 }[], only the ones an admin entered (docs/DESIGN.md §6). */
export async function testimonials(deps: AppDeps) {
  return site.listTestimonials(deps.db);
}

/**
 * Every catalogue park (loaded from the source on a fresh database) → { id, name, timezone (IANA) | null,
 * destinationId, destinationName, rideCount (known rides), today (the park-local date now, 'yyyy-MM-dd', UTC
 * for a park without a zone: the pass pickers' lower bound, docs/decisions/001) }[].
 * @throws AppError UNAVAILABLE when nothing is stored and the source fails.
 */
export async function parks(deps: AppDeps) {
  await loadCatalogue(deps);
  const now = deps.now();
  return (await site.parksOverview(deps.db)).map((p) => ({ ...p, today: parkLocalDate(now, p.timezone) }));
}

/** Admin: adds a testimonial at the end of the list → { id }. */
export async function addTestimonial(deps: AppDeps, t: { name: string; parkVisited: string; text: string; rating: number }) {
  return site.addTestimonial(deps.db, t);
}

/** Admin: deletes a testimonial → { ok }. @throws AppError NOT_FOUND when missing. */
export async function deleteTestimonial(deps: AppDeps, id: string) {
  if (!(await site.deleteTestimonial(deps.db, id))) throw new AppError('NOT_FOUND', 'Testimonial not found');
  return { ok: true as const };
}

/** Admin: the daily SMS capacity (spots) → { capacity | null } (null = not configured, banner hidden). */
export async function smsCapacity(deps: AppDeps) {
  return { capacity: (await site.getSetting<number>(deps.db, SMS_CAPACITY_KEY)) ?? null };
}

/** Admin: sets the daily SMS capacity (0 hides the banner) → { ok }. */
export async function setSmsCapacity(deps: AppDeps, capacity: number) {
  await site.putSetting(deps.db, SMS_CAPACITY_KEY, capacity);
  return { ok: true as const };
}
