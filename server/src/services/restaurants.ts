import { NotFoundError, type RestaurantCheckOptions, readParkUnlessTicked, runRestaurantCheck } from '@walkon/core';
import { catalogue, restaurantAlerts } from '@walkon/db';
import { parkLocalDate } from '@walkon/domain/dates';
import type { restaurantAlertCreateInput } from '@walkon/domain/schemas';
import { createThemeParksDiningProvider, type DiningAvailabilityProvider } from '@walkon/integrations/providers';
import { enqueueDeliveries } from '@walkon/jobs/producers';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findPark, loadCatalogue, singleFlight, sortDestinations } from './catalogue.ts';

/**
 * The destinations offered for restaurant alerts (docs/spec/part-2.md §9: Walt Disney World and the Disneyland resort;
 * not Paris nor Hong Kong), by ThemeParks.wiki destination id.
 */
export const RESTAURANT_DESTINATIONS = [
  'e957da41-3552-4cf6-b636-5babc5cbc4e5', // Walt Disney World Resort
  'bfc89fd6-314d-44b4-b89e-df1a89cf991e', // Disneyland Resort
];

/** At most this many active restaurant alerts per account (keeps the 15-minute check bounded). */
export const MAX_ACTIVE_RESTAURANT_ALERTS = 50;

/** The dining availability provider of the app: `deps.dining` (null = off), else ThemeParks.wiki through `deps.source`. */
export function diningProvider(deps: AppDeps): DiningAvailabilityProvider | null {
  if (deps.dining !== undefined) return deps.dining;
  return createThemeParksDiningProvider({ source: deps.source, now: deps.now });
}

/**
 * The restaurant destinations with their parks from the catalogue (loaded from the source on first use), and
 * where availability comes from: { source: 'themeparks' | 'replay' | null, sourceLabel, destinations[{ id,
 * name, parks[{ id, name }] }] }.
 * @throws AppError UNAVAILABLE when the catalogue is empty and the source fails.
 */
export async function destinations(deps: AppDeps) {
  await loadCatalogue(deps);
  const all = await catalogue.listDestinations(deps.db);
  const provider = diningProvider(deps);
  return {
    source: provider?.kind ?? null,
    sourceLabel: provider?.label ?? null,
    destinations: sortDestinations(all.filter((d) => RESTAURANT_DESTINATIONS.includes(d.id))).map((d) => ({
      id: d.id,
      name: d.name,
      parks: d.parks.map((p) => ({ id: p.id, name: p.name })),
    })),
  };
}

/** A park of the restaurant destinations, or NOT_FOUND. */
async function requireRestaurantPark(deps: AppDeps, parkId: string) {
  const park = await findPark(deps, parkId);
  if (!park || !RESTAURANT_DESTINATIONS.includes(park.destinationId))
    throw new AppError('NOT_FOUND', 'Restaurant alerts are available for Walt Disney World and Disneyland Resort parks only.');
  return park;
}

/**
 * The park with its time zone and RESTAURANT entities loaded: when the catalogue has no restaurant or no time
 * zone for it yet, the park's live data is read once (single-flight with the live wait times), which stores
 * its real RESTAURANT entities (nothing is invented). Read failures are logged.
 */
async function loadedPark(deps: AppDeps, parkId: string) {
  let park = await requireRestaurantPark(deps, parkId);
  let list = await catalogue.listAttractions(deps.db, parkId, ['RESTAURANT']);
  if (list.length === 0 || !park.timezone) {
    try {
      await singleFlight(`live:${parkId}`, () => readParkUnlessTicked(deps, parkId));
    } catch (err) {
      if (!(err instanceof NotFoundError)) deps.logger.warn({ parkId, err }, 'restaurants: live read failed');
      if (list.length === 0 && !(err instanceof NotFoundError)) throw new AppError('UNAVAILABLE', 'Error fetching restaurants');
    }
    park = (await catalogue.getPark(deps.db, parkId)) ?? park;
    list = await catalogue.listAttractions(deps.db, parkId, ['RESTAURANT']);
  }
  return { park, restaurants: list, today: parkLocalDate(deps.now(), park.timezone) };
}

/**
 * A park's restaurants (its real RESTAURANT entities, by name) and the park-local today (the earliest
 * selectable date, docs/spec/part-2.md §5): { park{ id, name, timezone, today }, restaurants[{ id, name }] }.
 * @throws AppError NOT_FOUND (not a restaurant destination's park), UNAVAILABLE 'Error fetching restaurants'.
 */
export async function restaurantsOf(deps: AppDeps, parkId: string) {
  const { park, restaurants, today } = await loadedPark(deps, parkId);
  return {
    park: { id: park.id, name: park.name, timezone: park.timezone, today },
    restaurants: restaurants.map((r) => ({ id: r.id, name: r.name })),
  };
}

const view = (a: restaurantAlerts.RestaurantAlertView) => ({ ...a, createdAt: a.createdAt.toISOString() });

/** An alert as the pages show it. */
export type RestaurantAlertDto = ReturnType<typeof view>;

/**
 * Creates a restaurant alert for the signed-in user (docs/spec/part-2.md §3–§5), active: it goes to the account's own
 * e-mail (another address is refused); the restaurant must be a RESTAURANT of the park; dates today or later
 * in the park's time zone.
 * @throws AppError NOT_FOUND (park), BAD_REQUEST (another e-mail, restaurant, past dates), CONFLICT (too many alerts).
 */
export async function createAlert(deps: AppDeps, user: SessionUser, input: z.output<typeof restaurantAlertCreateInput>) {
  // Alerts go to the signed-in account's own address only: anyone could otherwise make WalkOn e-mail a stranger.
  if (input.email && input.email !== user.email.toLowerCase())
    throw new AppError('BAD_REQUEST', `Restaurant alerts go to your account's e-mail address (${user.email}).`);
  const { park, restaurants, today } = await loadedPark(deps, input.parkId);
  const restaurant = restaurants.find((r) => r.id === input.restaurantId);
  if (!restaurant) throw new AppError('BAD_REQUEST', 'Please select a restaurant of this park.');
  if (input.dates.some((d) => d < today)) throw new AppError('BAD_REQUEST', `Please choose dates from today (${today}) on.`);
  const mine = await restaurantAlerts.listByUser(deps.db, user.id);
  if (mine.filter((a) => a.active).length >= MAX_ACTIVE_RESTAURANT_ALERTS)
    throw new AppError('CONFLICT', `You can have at most ${MAX_ACTIVE_RESTAURANT_ALERTS} active restaurant alerts.`);
  const created = await restaurantAlerts.create(deps.db, {
    userId: user.id,
    email: user.email,
    parkId: park.id,
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    dates: input.dates,
    partySize: input.partySize,
    preferredTime: input.preferredTime,
  });
  return view(created);
}

/** The signed-in user's alerts, active first, newest first (docs/spec/part-2.md §2 Manage Restaurant Alerts). */
export async function listAlerts(deps: AppDeps, user: SessionUser) {
  return (await restaurantAlerts.listByUser(deps.db, user.id)).map(view);
}

/** Deletes one of the user's alerts. @throws AppError NOT_FOUND when it is not theirs or does not exist. */
export async function deleteAlert(deps: AppDeps, user: SessionUser, id: string) {
  if (!(await restaurantAlerts.deleteOwned(deps.db, id, user.id))) throw new AppError('NOT_FOUND', 'Restaurant alert not found.');
  return { ok: true as const };
}

/**
 * The admin's manual test (docs/spec/part-2.md §2/§7 manual-test-restaurant-alerts): runs the restaurant check now with
 * the app's provider → its counts plus `populate.queueItemsCreated` (deliveries queued) and the source.
 */
export async function runCheckNow(deps: AppDeps, opts: RestaurantCheckOptions) {
  const provider = diningProvider(deps);
  const result = await runRestaurantCheck(
    { db: deps.db, enqueue: (claimed) => enqueueDeliveries(deps.queues, claimed), provider, logger: deps.logger, now: deps.now },
    opts,
  );
  return { ...result, source: provider?.kind ?? null, populate: { queueItemsCreated: result.queued } };
}
