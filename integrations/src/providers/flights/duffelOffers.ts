import { z } from 'zod';
import type { FlightResult } from './types.ts';

/*
 * The Duffel flight-offers client (https://duffel.com/docs/api/offer-requests/create-offer-request):
 * `POST /air/offer_requests?return_offers=true&supplier_timeout=<ms>` with `Duffel-Version: v2`, one request per
 * destination airport. Errors follow https://duffel.com/docs/api/overview/errors (422 = validation error).
 */

// ---------------------------------------------------------------------------------------------------------------
// Response schema: only the fields the mapping reads are required; everything else is ignored (z.object strips).

const placeSchema = z.object({
  iata_code: z.string().min(1),
  /** IANA zone of an airport (null for cities). */
  time_zone: z.string().nullish(),
});

const carrierSchema = z.object({
  name: z.string().min(1),
  iata_code: z.string().nullish(),
  logo_symbol_url: z.string().nullish(),
  logo_lockup_url: z.string().nullish(),
});

const segmentSchema = z.object({
  departing_at: z.string().min(16),
  arriving_at: z.string().min(16),
  origin: placeSchema,
  destination: placeSchema,
  marketing_carrier: carrierSchema.nullish(),
  marketing_carrier_flight_number: z.string().nullish(),
});

const sliceSchema = z.object({
  origin: placeSchema,
  destination: placeSchema,
  duration: z.string().nullish(),
  segments: z.array(segmentSchema).min(1),
});

const offerSchema = z.object({
  id: z.string().min(1),
  total_amount: z.string().regex(/^\d+(\.\d+)?$/),
  total_currency: z.string().regex(/^[A-Z]{3}$/),
  owner: carrierSchema.nullish(),
  slices: z.array(sliceSchema).min(1),
});

const envelopeSchema = z.object({
  data: z.object({
    id: z.string().optional(),
    offers: z.array(z.unknown()).default([]),
  }),
});

/** A Duffel place (airport or city) as read here. */
export type DuffelPlace = z.infer<typeof placeSchema>;
/** A Duffel airline (offer owner or segment carrier) as read here. */
export type DuffelCarrier = z.infer<typeof carrierSchema>;
/** A Duffel segment as read here. */
export type DuffelSegment = z.infer<typeof segmentSchema>;
/** A Duffel slice as read here. */
export type DuffelSlice = z.infer<typeof sliceSchema>;
/** A Duffel offer as read here (extra fields dropped). */
export type DuffelOffer = z.infer<typeof offerSchema>;

/** A parsed "Create an offer request" response. */
export interface ParsedOfferRequest {
  /** The offer request id (`orq_…`), when present. */
  id: string | null;
  /** The offers that have every field the mapping needs, in response order. */
  offers: DuffelOffer[];
  /** How many offers were dropped for missing/invalid fields. */
  skipped: number;
}

/**
 * Parses a Duffel "Create an offer request" (or "Get a single offer request") response body `{ data: { offers } }`.
 * Lenient: unknown fields are ignored and an individual offer lacking a needed field is skipped (counted in
 * `skipped`); an offer needs an owner or a first-segment marketing carrier.
 * @throws ZodError when the envelope itself (`data`, `data.offers` array) is malformed.
 */
export function parseOfferRequestResponse(raw: unknown): ParsedOfferRequest {
  const envelope = envelopeSchema.parse(raw);
  const offers: DuffelOffer[] = [];
  let skipped = 0;
  for (const item of envelope.data.offers) {
    const parsed = offerSchema.safeParse(item);
    if (parsed.success && (parsed.data.owner || parsed.data.slices[0]!.segments[0]!.marketing_carrier)) offers.push(parsed.data);
    else skipped++;
  }
  return { id: envelope.data.id ?? null, offers, skipped };
}

// ---------------------------------------------------------------------------------------------------------------
// Mapping helpers.

const ISO_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Minutes of an ISO-8601 duration of days/hours/minutes/seconds ('PT2H26M' → 146, 'PT02H26M' → 146, 'P1DT2H' → 1560;
 * seconds are rounded). Returns null for null/undefined, an unparseable value or one with years/months/weeks.
 */
export function parseIsoDurationMinutes(value: string | null | undefined): number | null {
  if (!value || value === 'P' || value.endsWith('T')) return null;
  const m = ISO_DURATION.exec(value);
  if (!m) return null;
  const [, d, h, min, s] = m;
  return Math.round(Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(min ?? 0) + Number(s ?? 0) / 60);
}

/**
 * Number of minor-unit digits of an ISO 4217 currency from the runtime's ICU data (GBP/USD 2, JPY 0, KWD 3);
 * 2 for a code ICU rejects.
 */
export function currencyExponent(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A decimal amount string in `currency` as an integer of minor units ('45.00' GBP → 4500, '12345' JPY → 12345),
 * rounded half away from zero. Returns null when the amount is not a finite number.
 */
export function toMinorUnits(amount: string, currency: string): number | null {
  const n = Number(amount);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 10 ** currencyExponent(currency));
}

/**
 * A Google Flights search URL for the route (Duffel has no public booking page), e.g.
 * `https://www.google.com/travel/flights?q=Flights%20from%20LHR%20to%20JFK%20on%202020-06-13%20one%20way`.
 * Dates are 'yyyy-MM-dd'; `returnDate` null = one way.
 */
export function googleFlightsLink(departure: string, arrival: string, date: string, returnDate: string | null): string {
  const text = `Flights from ${departure} to ${arrival} on ${date}` + (returnDate ? ` returning ${returnDate}` : ' one way');
  return `https://www.google.com/travel/flights?q=${encodeURIComponent(text)}`;
}

/** 'yyyy-MM-ddTHH:mm[:ss[.sss]][offset]' → 'yyyy-MM-ddTHH:mm:ss' (the local wall-clock part). */
function localTime(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?/.exec(value);
  return m ? `${m[1]}${m[2] ?? ':00'}` : value;
}

/** Epoch ms of a local wall-clock time ('yyyy-MM-ddTHH:mm:ss') in an IANA zone (UTC when the zone is unknown). */
export function zonedToEpoch(local: string, timeZone: string | null | undefined): number {
  const naive = Date.parse(`${localTime(local)}Z`);
  if (!timeZone) return naive;
  try {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const offsetAt = (epoch: number) => {
      const p = Object.fromEntries(fmt.formatToParts(new Date(epoch)).map((x) => [x.type, x.value]));
      return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - epoch;
    };
    const first = naive - offsetAt(naive);
    return naive - offsetAt(first);
  } catch {
    return naive;
  }
}

/**
 * Minutes of a slice: its ISO-8601 `duration`, or else last segment arrival − first segment departure, each read
 * in its airport's time zone (0 when that comes out negative).
 */
export function sliceDurationMinutes(slice: DuffelSlice): number {
  const fromIso = parseIsoDurationMinutes(slice.duration);
  if (fromIso !== null) return fromIso;
  const first = slice.segments[0]!;
  const last = slice.segments[slice.segments.length - 1]!;
  const ms = zonedToEpoch(last.arriving_at, last.destination.time_zone) - zonedToEpoch(first.departing_at, first.origin.time_zone);
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 60_000)) : 0;
}

/**
 * Maps one Duffel offer to a FlightResult for its FIRST slice (the outbound): airline from the owner (else the
 * first segment's marketing carrier), times from the first/last segment, the segments' marketing flight numbers
 * ('BA1234'), price = the offer total in minor units.
 * `returnDate` goes into the booking link ('yyyy-MM-dd' or null); when null and the offer has a second slice,
 * that slice's departure date is used. Returns null when the price is not a number.
 */
export function offerToFlightResult(offer: DuffelOffer, returnDate: string | null = null): FlightResult | null {
  const slice = offer.slices[0]!;
  const first = slice.segments[0]!;
  const last = slice.segments[slice.segments.length - 1]!;
  const carrier = offer.owner ?? first.marketing_carrier!;
  const priceCents = toMinorUnits(offer.total_amount, offer.total_currency);
  if (priceCents === null) return null;
  const departureTime = localTime(first.departing_at);
  const ret = returnDate ?? (offer.slices[1] ? localTime(offer.slices[1].segments[0]!.departing_at).slice(0, 10) : null);
  return {
    id: offer.id,
    airline: carrier.name,
    airlineCode: carrier.iata_code ?? null,
    // Only Duffel's own image host: the site's CSP allows images from there and nowhere else remote.
    airlineLogo: [carrier.logo_symbol_url, carrier.logo_lockup_url].find((u) => u?.startsWith('https://assets.duffel.com/')) ?? null,
    departureTime,
    arrivalTime: localTime(last.arriving_at),
    departure: slice.origin.iata_code,
    arrival: slice.destination.iata_code,
    durationMinutes: sliceDurationMinutes(slice),
    stops: slice.segments.length - 1,
    flightNumbers: slice.segments.flatMap((s) =>
      s.marketing_carrier_flight_number ? [`${s.marketing_carrier?.iata_code ?? ''}${s.marketing_carrier_flight_number}`] : [],
    ),
    priceCents,
    currency: offer.total_currency,
    bookingLink: googleFlightsLink(slice.origin.iata_code, slice.destination.iata_code, departureTime.slice(0, 10), ret),
  };
}

/** Cheapest first; ties by departure time, then id (deterministic). Drops repeated offer ids (first kept). */
export function sortAndDedupe(flights: FlightResult[]): FlightResult[] {
  const seen = new Set<string>();
  const out: FlightResult[] = [];
  for (const f of flights) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    out.push(f);
  }
  return out.sort(
    (a, b) => a.priceCents - b.priceCents || a.departureTime.localeCompare(b.departureTime) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/**
 * The JSON body of a Duffel offer request for one destination: economy, one adult, one slice (one way) or two
 * (return when `returnDate` is set). Dates 'yyyy-MM-dd'.
 */
export function buildOfferRequestBody(origin: string, destination: string, departureDate: string, returnDate: string | null) {
  const slices = [{ origin, destination, departure_date: departureDate }];
  if (returnDate) slices.push({ origin: destination, destination: origin, departure_date: returnDate });
  return { data: { slices, passengers: [{ type: 'adult' as const }], cabin_class: 'economy' as const } };
}
