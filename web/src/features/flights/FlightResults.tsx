import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@walkon/server';
import { ArrowRight, ExternalLink, Plane } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDuration, formatFlightTime, formatPrice, formatStops, mergeIdenticalOffers } from './format.ts';

/** What `flights.search` answers. */
export type FlightSearchResult = inferRouterOutputs<AppRouter>['flights']['search'];
/** One bookable flight of a search. */
export type Flight = FlightSearchResult['flights'][number];
/** A result card: one flight and fare, with every arrival airport it was offered to. */
export type FlightCardData = Flight & { arrivals: string[] };

/**
 * The airline's logo as the offer carries it (Duffel's `logo_symbol_url`, https), with the airline's name as its
 * alt text; without a logo, or when it does not load, the airline's code (or a plane) in a circle — the name is
 * always written beside it.
 */
function AirlineLogo({ airline, code, src }: { airline: string; code: string | null; src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
        aria-hidden="true"
        data-testid="airline-fallback"
      >
        {code ?? <Plane className="h-5 w-5" />}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`${airline} logo`}
      loading="lazy"
      decoding="async"
      width={40}
      height={40}
      className="h-10 w-10 shrink-0 rounded-full bg-white object-contain"
      onError={() => setFailed(true)}
    />
  );
}

/** One end of a flight: local time, date and airport(s). */
function Endpoint({ time, airports, align }: { time: string; airports: string[]; align: 'start' | 'end' }) {
  const t = formatFlightTime(time);
  return (
    <div className={align === 'end' ? 'text-right' : ''}>
      <p className="text-lg font-bold text-slate-900">{t.time}</p>
      <p className="text-sm text-slate-600">{t.date}</p>
      <p className="font-mono text-sm font-semibold break-words text-slate-800">{airports.join(' · ')}</p>
    </div>
  );
}

/** "MCO", "MCO or SFB", "MCO, SFB or TPA". */
function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * A result card: airline (logo and name), times, airports (every arrival airport the same flight and fare was
 * offered to), duration, stops, price in its own currency and the 'Book Now' link (new tab).
 */
export function FlightCard({ flight }: { flight: FlightCardData }) {
  const price = formatPrice(flight.priceCents, flight.currency);
  const stops = formatStops(flight.stops);
  const numbers = flight.flightNumbers ?? [];
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:gap-6">
      <div className="flex items-center gap-3 md:w-48 md:shrink-0">
        <AirlineLogo airline={flight.airline} code={flight.airlineCode} src={flight.airlineLogo} />
        <p className="font-semibold text-slate-900">
          {flight.airline}
          {numbers.length ? <span className="block text-sm font-normal text-slate-600">{numbers.join(' + ')}</span> : null}
        </p>
      </div>
      <div className="grid flex-1 grid-cols-[1fr_auto_1fr] items-center gap-3">
        <Endpoint time={flight.departureTime} airports={[flight.departure]} align="start" />
        <div className="flex flex-col items-center gap-1 text-sm text-slate-600">
          <span>{formatDuration(flight.durationMinutes)}</span>
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
          <Badge tone={flight.stops === 0 ? 'green' : 'slate'}>{stops}</Badge>
        </div>
        <Endpoint time={flight.arrivalTime} airports={flight.arrivals} align="end" />
        {flight.arrivals.length > 1 ? (
          <p className="col-span-3 text-sm text-slate-700">Same flight and fare to {orList(flight.arrivals)}.</p>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-4 border-t border-slate-100 pt-3 md:flex-col md:items-end md:border-0 md:pt-0">
        <p className="text-2xl font-extrabold text-slate-900">{price}</p>
        <a
          href={flight.bookingLink}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Book Now: ${flight.airline} ${flight.departure} → ${orList(flight.arrivals)} ${price}`}
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          Book Now
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </a>
      </div>
    </li>
  );
}

/**
 * The 'Available Flights' section: skeletons while searching, a hint before the first search, the cards
 * (cheapest first; the same flight and fare offered to several airports is one card) after it, the
 * no-results text, or why the search failed (said here once, with no toast beside it).
 */
export function FlightResults({
  pending,
  failure,
  result,
}: {
  pending: boolean;
  /** Why the last search failed (the server's sentence for bad input, else the spec's "Unable to search flights…"). */
  failure: string | null;
  result: FlightSearchResult | undefined;
}) {
  let body: ReactNode;
  if (pending) {
    body = (
      <>
        <p role="status" className="sr-only">
          Searching for flights…
        </p>
        <ul aria-label="Loading flights" aria-busy="true" className="space-y-3">
          {['a', 'b', 'c'].map((k) => (
            <li key={k} className="h-32 animate-pulse rounded-xl bg-slate-100 md:h-24" />
          ))}
        </ul>
      </>
    );
  } else if (result && result.flights.length > 0) {
    body = (
      <>
        {result.source === 'replay' ? (
          <p className="mb-3 text-sm text-amber-900">Sample fares replayed from recorded examples, not live prices.</p>
        ) : null}
        <ul aria-label="Available Flights" className="space-y-3">
          {mergeIdenticalOffers(result.flights).map((f) => (
            <FlightCard key={f.id} flight={f} />
          ))}
        </ul>
      </>
    );
  } else if (result) {
    body = (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-700">
        No flights found for these dates. Try another airport or date.
      </p>
    );
  } else if (failure) {
    body = (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        <p className="font-semibold">Search Failed</p>
        <p className="mt-1">{failure}</p>
      </div>
    );
  } else {
    body = (
      <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">
        Enter your home airport, a Disney destination and a departure date, then press Search Flights to see fares here.
      </p>
    );
  }
  return (
    <section aria-labelledby="flights-heading" className="mt-10">
      <h2 id="flights-heading" className="mb-4 text-2xl font-bold">
        Available Flights
      </h2>
      {body}
    </section>
  );
}
