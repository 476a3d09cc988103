import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';

/**
 * Web Push sending (docs/decisions/038-web-push-channel.md): the `web-push` library encrypts the payload
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292) — `generateRequestDetails` — and the request goes out
 * with Node's fetch (keep-alive connections per push service; web-push's own `sendNotification` opens an https
 * request per message and cannot reach the http:// mock push service of the tests).
 */

/** TTL of an alert push at the push service (seconds): a walk-on alert an hour late is noise (issue 28). */
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

/** The push service answered 404 or 410 (or 403: the subscription belongs to another VAPID key): delete it. */
export class PushGoneError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushGoneError';
  }
}

/** The push service answered 429: wait `retryAfterMs` (its Retry-After, else 1 s) and resend. */
export class PushThrottledError extends Error {
  constructor(
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushThrottledError';
  }
}

/** An answer that a resend cannot fix (400, 413, another 4xx): the push delivery fails. */
export class PushRejectedError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushRejectedError';
  }
}

/** Sends one push; the push service's message id (its `Location`, else the status) on 201/202. */
export interface PushSender {
  readonly publicKey: string;
  /**
   * Encrypts `payload` (UTF-8 JSON) for `target` and posts it with TTL PUSH_TTL_SECONDS, `Urgency: high` and
   * `Topic: topic` (≤ 32 URL-safe base64 characters).
   * @throws PushGoneError (404/410/403), PushThrottledError (429), PushRejectedError (other 4xx); any other
   *   error (5xx, network, timeout) is transient.
   */
  send(target: PushTarget, payload: string, topic: string): Promise<{ messageId: string }>;
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
 * (docs/decisions/038-web-push-channel.md).
 * @throws Error when the keys are not usable (vapidProblem).
 */
export function createPushSender(keys: VapidKeys, opts: { timeoutMs?: number; now?: () => number } = {}): PushSender {
  const problem = vapidProblem(keys);
  if (problem) throw new Error(problem);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const clock = opts.now ?? Date.now;
  const tokens = new Map<string, { authorization: string; until: number }>();
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
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
    publicKey: keys.publicKey,
    async send(target, payload, topic) {
      const url = new URL(target.endpoint);
      const body = webpush.encrypt(target.keys.p256dh, target.keys.auth, payload, 'aes128gcm').cipherText as Buffer;
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
      if (res.status === 404 || res.status === 410 || res.status === 403) throw new PushGoneError(res.status, what);
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
