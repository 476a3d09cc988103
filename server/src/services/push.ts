import { pushSubscriptions } from '@walkon/db';
import type { PushSubscribeInput } from '@walkon/domain/schemas';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/**
 * The push services browsers subscribe with (host suffixes): Chrome/Edge/Android (FCM), Firefox (Mozilla autopush),
 * Safari/iOS (Apple), Windows (WNS). The worker POSTs to a stored endpoint, so any other host is refused rather
 * than letting an account make our worker call an address of its choosing (docs/decisions/038-web-push-channel.md).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** The API's push settings (AppDeps.push): the VAPID public key, and whether test endpoints on http://localhost pass. */
export interface PushSettings {
  /** URL-safe base64 P-256 public key (VAPID_PUBLIC_KEY). */
  publicKey: string;
  /** PUSH_ALLOW_INSECURE_ENDPOINTS=on (tests; production refuses it): http://localhost and http://127.0.0.1 endpoints pass. */
  allowInsecureEndpoints: boolean;
}

function settings(deps: AppDeps): PushSettings {
  if (!deps.push) throw new AppError('UNAVAILABLE', 'Push alerts are not available on this server. E-mail alerts still work.');
  return deps.push;
}

/**
 * The endpoint problem as one sentence, or null: https on a known push service (PUSH_SERVICE_HOSTS, or a
 * subdomain of one); with `allowInsecure`, also http(s) on localhost / 127.0.0.1 (any port).
 */
export function endpointProblem(endpoint: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be a URL.';
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  if (allowInsecure && local && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https:// address.';
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)))
    return "This browser's push service is not one WalkOn can send to. E-mail alerts still work.";
  return null;
}

/** `push.publicKey` → { publicKey } (URL-safe base64) for `pushManager.subscribe`. @throws AppError UNAVAILABLE when push is off. */
export function publicKey(deps: AppDeps): { publicKey: string } {
  return { publicKey: settings(deps).publicKey };
}

/**
 * `push.subscribe` (docs/decisions/038-web-push-channel.md): stores the browser's subscription for the signed-in
 * account, upserting by endpoint (the same browser again replaces its row). Returns { id, deviceLabel }.
 * @throws AppError UNAVAILABLE (push off), BAD_REQUEST (endpoint not https on a known push service; more than
 *   MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT devices).
 */
export async function subscribe(deps: AppDeps, user: SessionUser, input: PushSubscribeInput) {
  const s = settings(deps);
  const problem = endpointProblem(input.endpoint, s.allowInsecureEndpoints);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const others = await pushSubscriptions.countForUser(deps.db, user.id, input.endpoint);
  if (others >= pushSubscriptions.MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT)
    throw new AppError(
      'BAD_REQUEST',
      `Alerts are already on for ${others} devices. Turn them off on a device you no longer use (Manage Alerts) first.`,
    );
  const deviceLabel = input.deviceLabel ? input.deviceLabel : null;
  const id = await pushSubscriptions.upsert(
    deps.db,
    user.id,
    { endpoint: input.endpoint, expirationTime: input.expirationTime ?? null, keys: input.keys, deviceLabel },
    deps.now(),
  );
  return { id, deviceLabel };
}

/** `push.unsubscribe`: forgets the account's subscription with this endpoint → { removed } (false when it had none). */
export async function unsubscribe(deps: AppDeps, user: SessionUser, endpoint: string) {
  return { removed: await pushSubscriptions.remove(deps.db, user.id, endpoint) };
}

/** `push.list` → the account's subscriptions: [{ id, deviceLabel, createdAt, lastSuccessAt }] (ISO UTC), newest first. */
export async function list(deps: AppDeps, user: SessionUser) {
  const rows = await pushSubscriptions.listForUser(deps.db, user.id);
  return rows.map((r) => ({
    id: r.id,
    deviceLabel: r.deviceLabel,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt ? r.lastSuccessAt.toISOString() : null,
  }));
}
