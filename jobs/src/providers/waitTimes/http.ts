import { ZodError } from 'zod';
import { parseDestinations, parseLive, parseSchedule } from './schema.ts';
import { type Destination, type LiveParkData, NotFoundError, type ScheduleEntry, UpstreamError, type WaitTimesSource } from './types.ts';

/** Options of the real ThemeParks.wiki client. */
export interface HttpSourceOptions {
  /** Base URL, e.g. https://api.themeparks.wiki (THEMEPARKS_API_URL). */
  baseUrl: string;
  /** Per-request timeout in milliseconds (default 10 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The real ThemeParks.wiki v1 client (`GET /v1/destinations`, `GET /v1/entity/{id}/live`): one HTTP request
 * per call, no retries of its own (the poll job retries with backoff, DESIGN §2.2).
 * Errors: UpstreamError (timeout, 429/5xx, network, malformed JSON or shape), NotFoundError (404).
 */
export function createHttpSource(opts: HttpSourceOptions): WaitTimesSource {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function getJson(path: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new UpstreamError(`GET ${path} timed out after ${timeoutMs} ms`, 'timeout');
      throw new UpstreamError(`GET ${path} failed: ${(err as Error).message}`, 'network');
    }
    if (res.status === 404) throw new NotFoundError(`GET ${path}: not found`);
    if (!res.ok) throw new UpstreamError(`Failed to fetch ${path}: ${res.status}`, 'http', res.status);
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new UpstreamError(`GET ${path}: body read failed: ${(err as Error).message}`, 'network');
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new UpstreamError(`GET ${path}: malformed JSON`, 'malformed');
    }
  }

  return {
    kind: 'http',
    async getDestinations(): Promise<Destination[]> {
      const raw = await getJson('/v1/destinations');
      try {
        return parseDestinations(raw);
      } catch (err) {
        if (err instanceof ZodError) throw new UpstreamError('GET /v1/destinations: unexpected shape', 'malformed');
        throw err;
      }
    },
    async getLive(parkId: string): Promise<LiveParkData> {
      const raw = await getJson(`/v1/entity/${encodeURIComponent(parkId)}/live`);
      try {
        return parseLive(raw).data;
      } catch (err) {
        if (err instanceof ZodError) throw new UpstreamError(`GET live ${parkId}: unexpected shape`, 'malformed');
        throw err;
      }
    },
    async getSchedule(parkId: string): Promise<ScheduleEntry[]> {
      const raw = await getJson(`/v1/entity/${encodeURIComponent(parkId)}/schedule`);
      try {
        return parseSchedule(raw);
      } catch (err) {
        if (err instanceof ZodError) throw new UpstreamError(`GET schedule ${parkId}: unexpected shape`, 'malformed');
        throw err;
      }
    },
  };
}
