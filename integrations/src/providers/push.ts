import { createPublicKey } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import { GoneNotifyError, PausedNotifyError, PermanentNotifyError, type Sender, ThrottledNotifyError } from './sender.ts';

/**
 * Web Push sending (docs/decisions/038): the `web-push` library encrypts the payload
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292) — `generateRequestDetails` — and the request goes out
 * with Node's fetch (keep-alive connections per push service; web-push's own `sendNotification` opens an https
 * request per message and cannot reach the http:// mock push service of the tests).
 */

/** TTL of an alert push at the push service (seconds): a walk-on alert an hour late is noise. */
export const PUSH_TTL_SECONDS = 900;

/** The VAPID key pair and contact (settings VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). */
export interface VapidKeys {
  /** URL-safe base64 of the 65-byte uncompressed P-256 public key. */
  publicKey: string;
  /** URL-safe base64 of the 32-byte private key. */
  privateKey: string;
  /** `mailto:` address or `https:` URL the push services may contact. */
  subject: string;
}

/** A browser's subscription as stored (the PushSubscription JSON's endpoint and keys). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The push services browsers subscribe with (host suffixes): Chrome/Edge/Android (FCM), Firefox (Mozilla autopush),
 * Safari/iOS (Apple), Windows (WNS). The worker POSTs to a stored endpoint, so any other host is refused rather
 * than letting an account make our worker call an address of its choosing (docs/decisions/038,
 * docs/decisions/047).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether `host` is a loopback name or address (the mock push service of tests, with allowInsecure only). */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * The endpoint problem as one sentence, or null (docs/decisions/047): `https://` on port 443 (no other port, no user
 * name or password) to a known push service (PUSH_SERVICE_HOSTS or a subdomain of one); with `allowInsecure`
 * (PUSH_ALLOW_INSECURE_ENDPOINTS=on, tests only; production refuses it), also http(s) on localhost / 127.0.0.1
 * on any port. Checked at subscribe and again by the worker before each send; the address the host resolves to
 * is checked too (`addressProblem`, at subscribe and on every connection).
 */
export function pushEndpointProblem(endpoint: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be a URL.';
  }
  const host = url.hostname.toLowerCase();
  if (allowInsecure && isLoopbackHost(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https:// address.';
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  // URL drops the default port, so any port left is not 443.
  if (url.port !== '') return 'The push endpoint must use the standard https port (443).';
  if (!PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)))
    return "This browser's push service is not one WalkOn can send to. E-mail alerts still work.";
  return null;
}

/**
 * Whether `address` (IPv4 or IPv6, as DNS gave it) is a public unicast address (ipaddr.js range `unicast`; an
 * IPv4-mapped IPv6 address is judged as its IPv4). With `allowLoopback`, loopback passes too (tests).
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/** Resolves a host name to every address it has (default `dns.promises.lookup`, all families). */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The system resolver: every address of `host` (A and AAAA). */
export const systemResolve: ResolveHost = async (host) => (await dns.promises.lookup(host, { all: true })).map((a) => a.address);

/**
 * The address problem of a push endpoint as one sentence, or null (docs/decisions/047): every address its host resolves
 * to must be public (no private, loopback, link-local or reserved range), so a name pointing inside our network is
 * refused. `allowInsecure` lets loopback through (tests). @throws the resolver's error (the caller answers 503).
 */
export async function addressProblem(
  endpoint: string,
  allowInsecure: boolean,
  resolve: ResolveHost = systemResolve,
): Promise<string | null> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : await resolve(host);
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a, allowInsecure)))
    return "The push endpoint's address is not a public internet address.";
  return null;
}

/**
 * The key problem of a browser's subscription as one sentence, or null (docs/decisions/047): `p256dh` must be the
 * 65-byte uncompressed encoding (0x04, x, y) of a point on P-256 — node:crypto imports it as a JWK, which checks
 * the point is on the curve — and `auth` 16 bytes. A key that fails here could never be encrypted to.
 */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const p = Buffer.from(keys.p256dh, 'base64url');
  const bad = 'This browser sent an unusable push key (keys.p256dh must be an uncompressed P-256 public key, URL-safe base64).';
  if (p.length !== 65 || p[0] !== 0x04) return bad;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: p.subarray(1, 33).toString('base64url'), y: p.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return bad;
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    return 'This browser sent an unusable push secret (keys.auth must be 16 bytes, URL-safe base64).';
  return null;
}

/**
 * A `net` lookup for the push agents that refuses to connect to a non-public address (docs/decisions/047): the host is
 * resolved again on every connection, so a name that turned private after subscribe (DNS rebinding) is not
 * reached. `allowLoopback` lets the tests' local push service through.
 */
export function publicOnlyLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address, allowLoopback));
      if (bad || list.length === 0) {
        const e = new PushEndpointRefusedError(
          `push endpoint host ${hostname} resolves to a non-public address (${bad?.address ?? 'none'})`,
        );
        return callback(e as NodeJS.ErrnoException, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The stored endpoint is refused by the policy in force (`pushEndpointProblem`, `publicOnlyLookup`), or its keys
 * cannot be encrypted to: no request can ever succeed — the push delivery fails at once, without a resend.
 */
export class PushEndpointRefusedError extends PermanentNotifyError {
  constructor(message: string) {
    super(message);
    this.name = 'PushEndpointRefusedError';
  }
}

/**
 * The push service answered 403: it refuses our VAPID key (a configuration fault — a key mix-up in a deploy makes
 * every subscription answer it), not a dead device (docs/decisions/047). Pushing to that service (origin) pauses for
 * PUSH_SERVICE_PAUSE_MS; subscriptions are kept. `first` is true for the answer that started the pause (log it once).
 */
export class PushServiceRefusedError extends PausedNotifyError {
  constructor(
    readonly origin: string,
    /** This answer started the pause (log once). */
    first: boolean,
    /** A 403 was answered now (false: the service was already paused and no request was made). */
    answered: boolean,
    message: string,
  ) {
    super(origin, first, answered, message);
    this.name = 'PushServiceRefusedError';
  }
}

/** How long pushing to a push service that answered 403 pauses (ms; docs/decisions/047). */
export const PUSH_SERVICE_PAUSE_MS = 10 * 60_000;

/** The push service answered 404 or 410: the subscription is gone; delete it. */
export class PushGoneError extends GoneNotifyError {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushGoneError';
  }
}

/** The push service answered 429: wait `retryAfterMs` (its Retry-After, else 1 s) and resend. */
export class PushThrottledError extends ThrottledNotifyError {
  constructor(
    override readonly retryAfterMs: number,
    message: string,
  ) {
    super(message, retryAfterMs);
    this.name = 'PushThrottledError';
  }
}

/** An answer that a resend cannot fix (400, 413, another 4xx but 403 and 429): the push delivery fails at once. */
export class PushRejectedError extends PermanentNotifyError {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushRejectedError';
  }
}

/** One push: the subscription it goes to, the payload (UTF-8 JSON) and the `Topic` (≤ 32 URL-safe base64 characters). */
export interface PushMessage {
  target: PushTarget;
  payload: string;
  topic: string;
}

/**
 * Sends one push (the Sender contract of providers/sender.ts); the push service's message id (its `Location`, else
 * the status) on 201/202.
 */
export interface PushSender extends Sender<PushMessage> {
  readonly publicKey: string;
  /**
   * Encrypts `m.payload` for `m.target` and posts it with TTL PUSH_TTL_SECONDS, `Urgency: high` and `Topic: m.topic`.
   * @throws PushEndpointRefusedError (endpoint against policy, non-public address, or keys that cannot be
   *   encrypted to: no request made), PushServiceRefusedError (403, or the service is paused after one: no
   *   request made), PushGoneError (404/410), PushThrottledError (429), PushRejectedError (other 4xx); any other
   *   error (5xx, network, timeout) is transient.
   */
  send(m: PushMessage): Promise<{ messageId: string }>;
}

/** Parses Retry-After (seconds or an HTTP date) into ms from `now`; 1 s when absent or unreadable, at most 60 s. */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  if (!value) return 1000;
  const s = Number(value);
  const ms = Number.isFinite(s) ? s * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(60_000, Math.max(0, ms)) : 1000;
}

/**
 * The VAPID settings problem as one sentence, or null when the three are usable: the public key must decode to
 * 65 bytes, the private key to 32, the subject be a `mailto:` or `https:` URL (web-push's own validation, through
 * getVapidHeaders; no global state is set).
 */
export function vapidProblem(keys: Partial<VapidKeys>): string | null {
  if (!keys.publicKey || !keys.privateKey || !keys.subject)
    return 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must all be set for push alerts (npx web-push generate-vapid-keys).';
  try {
    webpush.getVapidHeaders('https://push.example', keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm');
  } catch (err) {
    return `VAPID settings are not usable: ${(err as Error).message}`;
  }
  return null;
}

/** How long one signed VAPID token is valid (s; web-push's default and RFC 8292's 24 h bound) and reused (ms). */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600 * 1000;

/**
 * A PushSender for these VAPID keys. `timeoutMs` bounds one request (default 10 s). Each push is encrypted by
 * web-push (`encrypt`, aes128gcm: a fresh key pair and salt per message); the VAPID `Authorization` (web-push's
 * `getVapidHeaders`, ES256) is signed once per push service origin and reused for 11 of its 12 hours — signing
 * was 0.5 of the 0.86 ms of CPU a push cost with web-push's `generateRequestDetails`, which signs every message
 * (docs/decisions/038).
 * @throws Error when the keys are not usable (vapidProblem).
 */
export function createPushSender(
  keys: VapidKeys,
  opts: { timeoutMs?: number; now?: () => number; allowInsecureEndpoints?: boolean; pauseMs?: number } = {},
): PushSender {
  const problem = vapidProblem(keys);
  if (problem) throw new Error(problem);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const clock = opts.now ?? Date.now;
  const insecure = opts.allowInsecureEndpoints ?? false;
  const pauseMs = opts.pauseMs ?? PUSH_SERVICE_PAUSE_MS;
  const pauses = new Map<string, number>();
  const tokens = new Map<string, { authorization: string; until: number }>();
  const lookup = publicOnlyLookup(insecure);
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };
  /** One POST; resolves with the status, Location, Retry-After and the first 4 KB of the body. */
  const post = (url: URL, body: Buffer, headers: Record<string, string>) =>
    new Promise<{ status: number; location: string | null; retryAfter: string | null; text: string }>((resolve, reject) => {
      const mod = url.protocol === 'http:' ? http : https;
      const req = mod.request(url, { method: 'POST', headers, agent: agents[url.protocol === 'http:' ? 'http:' : 'https:'] }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (text.length < 4096) text += c;
        });
        res.on('end', () => {
          const h = (k: string) => (typeof res.headers[k] === 'string' ? (res.headers[k] as string) : null);
          resolve({ status: res.statusCode ?? 0, location: h('location'), retryAfter: h('retry-after'), text });
        });
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`push service did not answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  const authorization = (audience: string) => {
    const t = clock();
    const cached = tokens.get(audience);
    if (cached && cached.until > t) return cached.authorization;
    const exp = Math.floor(t / 1000) + VAPID_TOKEN_SECONDS;
    const h = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', exp);
    tokens.set(audience, { authorization: h.Authorization, until: t + VAPID_REUSE_MS });
    return h.Authorization;
  };
  return {
    kind: 'web-push',
    publicKey: keys.publicKey,
    async send({ target, payload, topic }) {
      const refused = pushEndpointProblem(target.endpoint, insecure);
      if (refused) throw new PushEndpointRefusedError(`endpoint refused: ${refused}`);
      const url = new URL(target.endpoint);
      const pausedUntil = pauses.get(url.origin);
      if (pausedUntil !== undefined && pausedUntil > clock())
        throw new PushServiceRefusedError(url.origin, false, false, `push service ${url.origin} is paused after a 403 (VAPID key refused)`);
      // web-push's encrypt checks the keys as keys (ECDH on P-256 refuses a point off the curve; auth 16 bytes).
      let body: Buffer;
      try {
        body = webpush.encrypt(target.keys.p256dh, target.keys.auth, payload, 'aes128gcm').cipherText as Buffer;
      } catch (err) {
        throw new PushEndpointRefusedError(`keys refused: ${(err as Error).message}`);
      }
      const res = await post(url, body, {
        TTL: String(PUSH_TTL_SECONDS),
        Urgency: 'high',
        Topic: topic,
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(body.length),
        Authorization: authorization(url.origin),
      });
      const what = `push service answered ${res.status}${res.text ? `: ${res.text.slice(0, 200)}` : ''}`;
      if (res.status === 201 || res.status === 202 || res.status === 200) return { messageId: res.location ?? `${res.status}:${url.host}` };
      if (res.status === 403) {
        // Answers already in flight when the pause began are not "first": one log line per pause.
        const first = !((pauses.get(url.origin) ?? 0) > clock());
        pauses.set(url.origin, clock() + pauseMs);
        throw new PushServiceRefusedError(url.origin, first, true, what);
      }
      if (res.status === 404 || res.status === 410) throw new PushGoneError(res.status, what);
      if (res.status === 429) throw new PushThrottledError(retryAfterMs(res.retryAfter), what);
      if (res.status >= 400 && res.status < 500) throw new PushRejectedError(res.status, what);
      throw new Error(what);
    },
  };
}

/** A new VAPID key pair (URL-safe base64), as `make dev` writes into `.walkon-dev.env`. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
