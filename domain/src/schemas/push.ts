import { z } from 'zod';

// Web Push subscriptions (docs/decisions/038), shared by the server and the web app.

/** Decoded length of a URL-safe base64 string (no padding), or -1 when it holds other characters. */
export function base64UrlBytes(s: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s)) return -1;
  const n = s.replace(/=+$/, '').length;
  return n % 4 === 1 ? -1 : Math.floor((n * 3) / 4);
}

const P256DH_MESSAGE = 'This browser sent an unusable push key (keys.p256dh must be a 65-byte P-256 public key, URL-safe base64).';
const AUTH_MESSAGE = 'This browser sent an unusable push secret (keys.auth must be 16 bytes, URL-safe base64).';

/**
 * `push.subscribe` input: the browser's standard PushSubscription JSON (`subscription.toJSON()`: endpoint,
 * expirationTime, keys.p256dh, keys.auth) plus an optional device label ("Anna's phone", at most 60 characters).
 * The endpoint's scheme and host are checked on the server (https and a known push service).
 */
export const pushSubscribeInput = z.object({
  endpoint: z
    .string({ error: 'The push subscription has no endpoint.' })
    .url('The push endpoint must be a URL.')
    .max(2048, 'The push endpoint is too long.'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: P256DH_MESSAGE }).refine((s) => base64UrlBytes(s) === 65, P256DH_MESSAGE),
      auth: z.string({ error: AUTH_MESSAGE }).refine((s) => base64UrlBytes(s) === 16, AUTH_MESSAGE),
    },
    { error: 'The push subscription has no keys (p256dh and auth).' },
  ),
  deviceLabel: z
    .string()
    .trim()
    .max(60, 'Keep the device name to 60 characters.')
    .regex(/^[^\r\n]*$/, 'The device name must fit on one line.')
    .optional(),
});
/** A parsed `push.subscribe` input. */
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

/** `push.unsubscribe` input: the endpoint of the subscription to forget. */
export const pushUnsubscribeInput = z.object({
  endpoint: z.string({ error: 'The push subscription has no endpoint.' }).url('The push endpoint must be a URL.').max(2048),
});
