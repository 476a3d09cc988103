import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { lookupAirport } from './airports.ts';
import {
  type DuffelOffer,
  type DuffelSlice,
  offerToFlightResult,
  parseOfferRequestResponse,
  sliceDurationMinutes,
  sortAndDedupe,
  zonedToEpoch,
} from './duffelOffers.ts';
import type { FlightResult, FlightSearch, FlightSearchOutcome, FlightSearchProvider } from './types.ts';

/** Options of the replay flight provider (`FLIGHTS_SOURCE=replay`). */
export interface ReplayFlightProviderOptions {
  /** Folder of recorded Duffel "Create an offer request" responses (`*.json`, FLIGHTS_REPLAY_DIR). */
  dir: string;
  /**
   * Accepted for symmetry with the other replay sources; unused: results depend only on the query (the recorded
   * offers are moved to the query's dates), so the same query always gives the same answer.
   */
  now?: () => Date;
}

/** Name of the optional file listing destination airports to answer as unresolved (JSON array of IATA codes). */
export const REPLAY_UNRESOLVED_FILE = 'unresolved.json';

const DAY_MS = 86_400_000;

/** Whole days from the date part of `fromLocal` ('yyyy-MM-ddTHH:mm:ss') to `toDate` ('yyyy-MM-dd'). */
function dayShift(fromLocal: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromLocal.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
}

/** Moves a local wall-clock time ('yyyy-MM-ddTHH:mm[:ss]…') by whole days, keeping the clock time. */
function shiftLocal(local: string, days: number): string {
  const date = new Date(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return date + local.slice(10);
}

/**
 * A copy of `slice` flown from `origin` to `destination` and moved so its first segment departs on `date`
 * (clock times and connections kept; the journey length is frozen into `duration` so that it does not depend
 * on the recorded airports' time zones).
 */
function retargetSlice(
  slice: DuffelSlice,
  origin: string,
  destination: string,
  date: string,
  zones: { origin: string | null; destination: string | null },
): DuffelSlice {
  const days = dayShift(slice.segments[0]!.departing_at, date);
  const last = slice.segments.length - 1;
  const minutes = sliceDurationMinutes(slice);
  const departing = shiftLocal(slice.segments[0]!.departing_at, days);
  // The arrival follows from the new departure and the recorded journey length in the new airports' time zones
  // (the recorded arrival belonged to other airports).
  const arrivalEpoch = zonedToEpoch(departing, zones.origin) + minutes * 60_000;
  const arriving = format(new TZDate(arrivalEpoch, zones.destination ?? 'UTC'), "yyyy-MM-dd'T'HH:mm:ss");
  return {
    origin: { iata_code: origin },
    destination: { iata_code: destination },
    duration: `PT${minutes}M`,
    segments: slice.segments.map((s, i) => ({
      ...s,
      departing_at: i === 0 ? departing : shiftLocal(s.departing_at, days),
      arriving_at: i === last ? arriving : shiftLocal(s.arriving_at, days),
      origin: i === 0 ? { iata_code: origin, time_zone: zones.origin } : s.origin,
      destination: i === last ? { iata_code: destination, time_zone: zones.destination } : s.destination,
    })),
  };
}

const zoneCache = new Map<string, Promise<string | null>>();
/** The IANA time zone of an airport (airport-data-js), cached; null when unknown. */
function airportZone(code: string): Promise<string | null> {
  let z = zoneCache.get(code);
  if (!z) {
    z = lookupAirport(code).then((a) => a?.timeZone ?? null);
    zoneCache.set(code, z);
  }
  return z;
}

/**
 * The replay provider (kind 'replay'): reads every `*.json` in `dir` except `unresolved.json` once, as recorded
 * Duffel offer-request responses (same parser as the Duffel client), and answers any search by re-targeting the
 * recorded offers: outbound from `query.origin` to one destination airport each (offer k to airport k, round-robin
 * until every offer and every airport is used, so one recorded flight lands at one airport), first segment departing on
 * `query.departureDate` (recorded clock times, connections and durations kept; the arrival recomputed from the
 * departure and the recorded duration in the new airports' time zones), the return slice (round trips)
 * moved to `query.returnDate`, prices as recorded. Offer ids become `<recorded id>_<destination>`. One-way
 * queries use recorded one-way offers and round trips recorded round-trip offers; when none of that kind is
 * recorded, the other kind is used (its recorded price). Destinations listed in `unresolved.json` are answered
 * as unresolved. Deterministic: the same query gives the same outcome.
 * @throws Error at creation when `dir` cannot be read, a file is not valid JSON or not an offer-request response
 *   (ZodError), or no file holds a usable offer.
 */
export function createReplayFlightProvider(opts: ReplayFlightProviderOptions): FlightSearchProvider {
  const files = readdirSync(opts.dir)
    .filter((n) => n.endsWith('.json') && n !== REPLAY_UNRESOLVED_FILE)
    .sort();
  const offers: DuffelOffer[] = [];
  for (const name of files) {
    offers.push(...parseOfferRequestResponse(JSON.parse(readFileSync(path.join(opts.dir, name), 'utf8'))).offers);
  }
  if (offers.length === 0) throw new Error(`no recorded flight offers in ${opts.dir}`);
  const unresolvedNames = readdirSync(opts.dir).includes(REPLAY_UNRESOLVED_FILE)
    ? (JSON.parse(readFileSync(path.join(opts.dir, REPLAY_UNRESOLVED_FILE), 'utf8')) as unknown)
    : [];
  if (!Array.isArray(unresolvedNames) || !unresolvedNames.every((c) => typeof c === 'string')) {
    throw new Error(`${REPLAY_UNRESOLVED_FILE} must be a JSON array of airport codes`);
  }
  const unresolved = new Set(unresolvedNames.map((c: string) => c.toUpperCase()));
  const oneWay = offers.filter((o) => o.slices.length === 1);
  const roundTrip = offers.filter((o) => o.slices.length >= 2);

  return {
    kind: 'replay',
    async search(query: FlightSearch): Promise<FlightSearchOutcome> {
      const wanted = query.returnDate ? roundTrip : oneWay;
      const pool = wanted.length > 0 ? wanted : offers;
      const flights: FlightResult[] = [];
      const asked = [...new Set(query.destinations)];
      const unresolvedDestinations = asked.filter((d) => unresolved.has(d.toUpperCase()));
      const destinations = asked.filter((d) => !unresolved.has(d.toUpperCase()));
      // One landing airport per recorded flight: offer k goes to airport k (both taken round-robin until each
      // offer and each airport has been used once), so no flight "lands" at several airports at once.
      const pairs = destinations.length ? Math.max(pool.length, destinations.length) : 0;
      for (let k = 0; k < pairs; k++) {
        const offer = pool[k % pool.length]!;
        const destination = destinations[k % destinations.length]!;
        const zones = { origin: await airportZone(query.origin), destination: await airportZone(destination) };
        const back = { origin: zones.destination, destination: zones.origin };
        const slices = [retargetSlice(offer.slices[0]!, query.origin, destination, query.departureDate, zones)];
        if (query.returnDate && offer.slices[1]) {
          slices.push(retargetSlice(offer.slices[1], destination, query.origin, query.returnDate, back));
        }
        const result = offerToFlightResult({ ...offer, id: `${offer.id}_${destination}`, slices }, query.returnDate);
        if (result) flights.push(result);
      }
      return { flights: sortAndDedupe(flights), unresolvedDestinations: unresolvedDestinations.sort() };
    },
  };
}
