import {
  buildOfferRequestBody,
  offerToFlightResult,
  type ParsedOfferRequest,
  parseOfferRequestResponse,
  sortAndDedupe,
} from './duffelOffers.ts';
import { FlightProviderError, type FlightResult, type FlightSearch, type FlightSearchOutcome, type FlightSearchProvider } from './types.ts';

/*
 * The Duffel flight-offers provider: one offer request per destination airport, mapped by `duffelOffers.ts`.
 */

/**
 * Runs `fn` over `items` with at most `limit` calls in flight; results in input order (each settled).
 */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// The provider.

/** Options of the Duffel provider. */
export interface DuffelProviderOptions {
  /** API base, e.g. https://api.duffel.com (DUFFEL_API_URL). */
  baseUrl: string;
  /** Duffel access token (DUFFEL_ACCESS_TOKEN), sent as `Authorization: Bearer <token>`. */
  accessToken: string;
  fetchImpl?: typeof fetch;
  /**
   * `supplier_timeout` query parameter in ms: how long Duffel waits for each airline (Duffel accepts 2 000–60 000;
   * default here 20 000, Duffel's own default).
   */
  supplierTimeoutMs?: number;
  /** Our HTTP timeout per offer request in ms (default supplierTimeoutMs + 15 000). */
  requestTimeoutMs?: number;
  /** Offer requests in flight at once (default 4). */
  concurrency?: number;
}

type DestinationResult =
  | { kind: 'ok'; flights: FlightResult[] }
  | { kind: 'unresolved' }
  | { kind: 'failed'; message: string; status?: number };

/** HTTP statuses that mean "the provider cannot answer" rather than "this destination is invalid". */
function isFatalStatus(status: number): boolean {
  return status === 401 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/** First error message of a Duffel error body `{ errors: [{ message, code }] }`, if any. */
function duffelErrorMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { errors?: { message?: string; code?: string; title?: string }[] };
    const e = body.errors?.[0];
    if (!e) return null;
    return [e.code, e.message ?? e.title].filter(Boolean).join(': ');
  } catch {
    return null;
  }
}

/**
 * The Duffel provider (kind 'duffel'): one `POST {baseUrl}/air/offer_requests?return_offers=true&supplier_timeout=…`
 * per destination airport (at most `concurrency` at once), headers `Authorization: Bearer`, `Duffel-Version: v2`,
 * `Accept: application/json`, `Content-Type: application/json`, `Accept-Encoding: gzip` (fetch decodes gzip).
 * Offers map to FlightResult (outbound slice, total price in minor units), sorted cheapest first, ids distinct.
 * A destination answered with a non-fatal 4xx (e.g. 422 unknown airport) is listed in `unresolvedDestinations`;
 * so is one that failed (network, 401/403, 429, 5xx, malformed body) while another destination succeeded.
 * @throws FlightProviderError (with `status` when HTTP) when no destination succeeded and at least one failed
 *   that way, and at once on 401/403 (bad token).
 */
export function createDuffelProvider(opts: DuffelProviderOptions): FlightSearchProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const supplierTimeoutMs = opts.supplierTimeoutMs ?? 20_000;
  const requestTimeoutMs = opts.requestTimeoutMs ?? supplierTimeoutMs + 15_000;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const url = `${base}/air/offer_requests?return_offers=true&supplier_timeout=${supplierTimeoutMs}`;
  const headers = {
    Authorization: `Bearer ${opts.accessToken}`,
    'Duffel-Version': 'v2',
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip',
  };

  async function searchOne(query: FlightSearch, destination: string): Promise<DestinationResult> {
    const label = `Duffel offer request ${query.origin}→${destination}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(buildOfferRequestBody(query.origin, destination, query.departureDate, query.returnDate)),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        return { kind: 'failed', message: `${label} timed out after ${requestTimeoutMs} ms` };
      return { kind: 'failed', message: `${label} failed: ${(err as Error).message}` };
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      return { kind: 'failed', message: `${label}: body read failed: ${(err as Error).message}`, status: res.status };
    }
    if (!res.ok) {
      const detail = duffelErrorMessage(text);
      const message = `${label}: HTTP ${res.status}${detail ? ` (${detail})` : ''}`;
      if (isFatalStatus(res.status)) return { kind: 'failed', message, status: res.status };
      return { kind: 'unresolved' };
    }
    let parsed: ParsedOfferRequest;
    try {
      parsed = parseOfferRequestResponse(JSON.parse(text));
    } catch {
      return { kind: 'failed', message: `${label}: malformed response`, status: res.status };
    }
    const flights = parsed.offers.map((o) => offerToFlightResult(o, query.returnDate)).filter((f): f is FlightResult => f !== null);
    return { kind: 'ok', flights };
  }

  return {
    kind: 'duffel',
    async search(query: FlightSearch): Promise<FlightSearchOutcome> {
      const destinations = [...new Set(query.destinations)];
      const results = await mapLimit(destinations, concurrency, (d) => searchOne(query, d));
      const failures = results.filter((r): r is Extract<DestinationResult, { kind: 'failed' }> => r.kind === 'failed');
      const auth = failures.find((f) => f.status === 401 || f.status === 403);
      if (auth) throw new FlightProviderError(auth.message, auth.status);
      const succeeded = results.some((r) => r.kind === 'ok');
      if (!succeeded && failures.length > 0) throw new FlightProviderError(failures[0]!.message, failures[0]!.status);
      const flights: FlightResult[] = [];
      const unresolved: string[] = [];
      results.forEach((r, i) => {
        if (r.kind === 'ok') flights.push(...r.flights);
        else unresolved.push(destinations[i]!);
      });
      return { flights: sortAndDedupe(flights), unresolvedDestinations: unresolved.sort() };
    },
  };
}
