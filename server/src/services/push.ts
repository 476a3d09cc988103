import { pushSubscriptions } from '@walkon/db';
import type { PushSubscribeInput } from '@walkon/domain/schemas';
import { addressProblem, pushEndpointProblem, pushKeysProblem, type ResolveHost } from '@walkon/integrations/providers/push.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** The API's push settings (AppDeps.push): the VAPID public key, and whether test endpoints on http://localhost pass. */
export interface PushSettings {
  /** URL-safe base64 P-256 public key (VAPID_PUBLIC_KEY). */
  publicKey: string;
  /** PUSH_ALLOW_INSECURE_ENDPOINTS=on (tests; production refuses it): http://localhost and http://127.0.0.1 endpoints pass. */
  allowInsecureEndpoints: boolean;
  /** Resolves an endpoint's host to its addresses (default the system resolver; tests give a fixed table). */
  resolve?: ResolveHost;
}

function settings(deps: AppDeps): PushSettings {
  if (!deps.push) throw new AppError('UNAVAILABLE', 'Push alerts are not available on this server. E-mail alerts still work.');
  return deps.push;
}

/** The endpoint problem as one sentence, or null (integrations `pushEndpointProblem`, docs/decisions/047). */
export function endpointProblem(endpoint: string, allowInsecure: boolean): string | null {
  return pushEndpointProblem(endpoint, allowInsecure);
}

/** `push.publicKey` → { publicKey } (URL-safe base64) for `pushManager.subscribe`. @throws AppError UNAVAILABLE when push is off. */
export function publicKey(deps: AppDeps): { publicKey: string } {
  return { publicKey: settings(deps).publicKey };
}

/**
 * `push.subscribe` (docs/decisions/038, 047): stores the browser's subscription for the
 * signed-in account, upserting by endpoint (the same browser again replaces its row; another account's device
 * moves only with the same keys). Returns { id, deviceLabel }.
 * @throws AppError UNAVAILABLE (push off; the endpoint's host could not be resolved), BAD_REQUEST (endpoint not
 *   https on port 443 of a known push service, or resolving to a non-public address; p256dh not a P-256 point or
 *   auth not 16 bytes; more than MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT devices), CONFLICT (the endpoint belongs to
 *   another account and the keys differ; that account's row is unchanged).
 */
export async function subscribe(deps: AppDeps, user: SessionUser, input: PushSubscribeInput) {
  const s = settings(deps);
  const problem = endpointProblem(input.endpoint, s.allowInsecureEndpoints) ?? pushKeysProblem(input.keys);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  let where: string | null;
  try {
    where = await addressProblem(input.endpoint, s.allowInsecureEndpoints, s.resolve);
  } catch {
    throw new AppError('UNAVAILABLE', "Your browser's push service could not be reached just now. Please try again in a minute.");
  }
  if (where) throw new AppError('BAD_REQUEST', where);
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
  if (!id)
    throw new AppError(
      'CONFLICT',
      'This push subscription belongs to another account. Turn push alerts off and on again in this browser to get a new one.',
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
