import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One pre-serialised, pre-compressed response (docs/DESIGN.md §4 live API cache). */
export interface CachedResponse<T> {
  value: T;
  /** What the response was built from (e.g. the park's last poll instant); a new version rebuilds it. */
  version: string;
  /** Strong ETag of the JSON body (quoted). */
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** When the version was last confirmed (ms since epoch). */
  checkedAt: number;
}

/**
 * A per-process cache of JSON responses keyed by resource (docs/DESIGN.md §4 live API cache): each entry is serialised
 * and compressed (gzip, brotli) once per version. The version is asked again at most every `recheckMs`, so a
 * crowd on one park costs one small query per `recheckMs`, and concurrent misses share one build. Between
 * `recheckMs` and `staleMs` after its last check an entry is served at once while one request's check (and
 * rebuild) runs behind it (stale-while-revalidate): under a crowd no request waits for the database; an entry
 * idle longer than `staleMs` is checked before it is served.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse<unknown>>();
  private readonly inflight = new Map<string, Promise<CachedResponse<unknown>>>();

  constructor(
    private readonly recheckMs: number,
    private readonly maxEntries = 2000,
    private readonly staleMs = 15_000,
  ) {}

  /**
   * The entry of `key`: served as is within `recheckMs` of its last check; else `version()` is asked and the
   * entry rebuilt with `build()` when it changed — behind the answer when the entry was checked within
   * `staleMs` (that check's errors are dropped: the entry is checked again by the next request), before it
   * otherwise. Errors of `version` / `build` propagate to a request that waits for them (nothing cached).
   */
  async get<T>(key: string, nowMs: number, version: () => Promise<string>, build: () => Promise<T>): Promise<CachedResponse<T>> {
    const hit = this.entries.get(key) as CachedResponse<T> | undefined;
    if (hit && nowMs - hit.checkedAt < this.recheckMs) return hit;
    let p = this.inflight.get(key) as Promise<CachedResponse<T>> | undefined;
    if (!p) {
      p = (async () => {
        const v = await version();
        const current = this.entries.get(key) as CachedResponse<T> | undefined;
        if (current && current.version === v) {
          current.checkedAt = nowMs;
          return current;
        }
        const entry = await encode(await build(), v, nowMs);
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        return entry;
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, p as Promise<CachedResponse<unknown>>);
    }
    if (hit && nowMs - hit.checkedAt < this.staleMs) {
      p.catch(() => {});
      return hit;
    }
    return p;
  }

  /** Forgets every entry (tests). */
  clear(): void {
    this.entries.clear();
  }
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Serialises a value once and compresses it (gzip level 6, brotli quality 5) on libuv's thread pool, both at once:
 * a rebuild after a tick does not hold the event loop that serves every other cached response (docs/DESIGN.md §4).
 */
export async function encode<T>(value: T, version: string, nowMs: number): Promise<CachedResponse<T>> {
  const json = Buffer.from(JSON.stringify(value));
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: 6 }),
    brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
  ]);
  return {
    value,
    version,
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    json,
    gzip: gz,
    br,
    checkedAt: nowMs,
  };
}

/**
 * Sends a cached response: 304 when the browser's If-None-Match matches, else the body pre-compressed as the
 * client accepts (br, gzip or none), with ETag and `Cache-Control` (revalidate after `maxAgeSeconds`).
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, entry: CachedResponse<unknown>, maxAgeSeconds: number) {
  reply.header('etag', entry.etag);
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 4}`);
  reply.header('vary', 'accept-encoding');
  const inm = req.headers['if-none-match'];
  if (inm?.split(/,\s*/).some((t) => t === entry.etag || t === `W/${entry.etag}`)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(entry.br);
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.json);
}
