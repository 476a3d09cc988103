import { ZodError } from 'zod';
import { parseDestinations, parseLive, parseSchedule } from './schema.ts';
import { type Destination, type LiveParkData, NotFoundError, type ScheduleEntry, UpstreamError, type WaitTimesSource } from './types.ts';

/** Default per-read time limit: 10 s for the whole read, headers and body (docs/DESIGN.md §2.2). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Default body size cap: 5 MB. The busiest real park document is ≈ 200 kB; anything past 5 MB is not a park. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest Retry-After honoured (1 day): a longer or absurd value is clamped so a park is never dropped for good. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/** Options of the real ThemeParks.wiki client. */
export interface HttpSourceOptions {
  /** Base URL, e.g. https://api.themeparks.wiki (THEMEPARKS_API_URL). */
  baseUrl: string;
  /** Time limit of one read in milliseconds, connection to last body byte (default 10 000). */
  timeoutMs?: number;
  /** Body size cap in bytes (default 5 MB): the read is aborted as soon as more arrives. */
  maxBytes?: number;
  /** Clock for Retry-After in seconds (default the system clock). */
  now?: () => Date;
  fetch?: typeof fetch;
}

/**
 * Parses a Retry-After header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Returns the instant the next
 * request may be made (never before `now`, at most MAX_RETRY_AFTER_MS after it), or null when the header is
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): Date | null {
  if (!value) return null;
  const v = value.trim();
  let at: number;
  if (/^\d+$/.test(v)) at = now.getTime() + Number(v) * 1000;
  else {
    const parsed = Date.parse(v);
    if (Number.isNaN(parsed)) return null;
    at = parsed;
  }
  return new Date(Math.min(Math.max(at, now.getTime()), now.getTime() + MAX_RETRY_AFTER_MS));
}

/**
 * Reads a response body as text, at most `maxBytes` bytes: the body is streamed and the request aborted as
 * soon as the cap is passed (or at once when Content-Length already says so), so an oversized body never
 * sits in memory whole.
 * @throws UpstreamError `too-large` past the cap; the stream's own error (e.g. the timeout) otherwise.
 */
async function readCapped(res: Response, maxBytes: number, abort: AbortController, what: string): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    abort.abort();
    throw new UpstreamError(`${what}: body of ${declared} bytes is over the ${maxBytes}-byte cap`, 'too-large');
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      chunks.length = 0;
      abort.abort();
      await reader.cancel().catch(() => {});
      throw new UpstreamError(`${what}: body over the ${maxBytes}-byte cap, read aborted`, 'too-large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * The real ThemeParks.wiki v1 client (`GET /v1/destinations`, `GET /v1/entity/{id}/live`): one HTTP request
 * per call, no retries of its own (the poll job retries, docs/DESIGN.md §2.2). Each read is limited in time
 * (`timeoutMs`, an AbortSignal timeout covering the body too) and size (`maxBytes`, streamed and aborted).
 * A live document whose `id` is not the park asked for is refused (upstream data is evidence, not truth).
 * Errors: UpstreamError (timeout, 429/5xx with `retryAt` from Retry-After, network, malformed JSON or shape,
 * too-large, mismatch), NotFoundError (404).
 */
export function createHttpSource(opts: HttpSourceOptions): WaitTimesSource {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const now = opts.now ?? (() => new Date());

  async function getJson(path: string): Promise<unknown> {
    const abort = new AbortController();
    const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
    const timedOut = (err: unknown) => {
      const name = (err as Error).name;
      return (name === 'TimeoutError' || name === 'AbortError') && !abort.signal.aborted;
    };
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { headers: { accept: 'application/json' }, signal });
    } catch (err) {
      if (timedOut(err)) throw new UpstreamError(`GET ${path} timed out after ${timeoutMs} ms`, 'timeout');
      throw new UpstreamError(`GET ${path} failed: ${(err as Error).message}`, 'network');
    }
    if (res.status === 404) {
      abort.abort();
      throw new NotFoundError(`GET ${path}: not found`);
    }
    if (!res.ok) {
      abort.abort();
      const retryAt = parseRetryAfter(res.headers.get('retry-after'), now()) ?? undefined;
      const after = retryAt ? `; retry after ${retryAt.toISOString()}` : '';
      throw new UpstreamError(`Failed to fetch ${path}: ${res.status}${after}`, 'http', res.status, retryAt);
    }
    let text: string;
    try {
      text = await readCapped(res, maxBytes, abort, `GET ${path}`);
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      if (timedOut(err)) throw new UpstreamError(`GET ${path} timed out after ${timeoutMs} ms (body)`, 'timeout');
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
      let data: LiveParkData;
      try {
        data = parseLive(raw).data;
      } catch (err) {
        if (err instanceof ZodError) throw new UpstreamError(`GET live ${parkId}: unexpected shape`, 'malformed');
        throw err;
      }
      if (data.parkId !== parkId)
        throw new UpstreamError(`GET live ${parkId}: the response is about another entity (${data.parkId}); nothing stored`, 'mismatch');
      return data;
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
