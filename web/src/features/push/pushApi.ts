import { mutateByPath, queryByPath } from '../../lib/api.ts';

/**
 * The server's push procedures (server/src/trpc/routers/push.ts), called by path over
 * lib/api.ts's tRPC client: `push.publicKey`, `push.subscribe`, `push.unsubscribe`, `push.list`. Typed here by
 * the contract, so this file does not depend on the router's types being present in the same build.
 */

/** The standard `PushSubscription.toJSON()` shape the server stores, with this device's name. */
export interface PushSubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
  deviceLabel?: string;
}

/** One device of the account that receives push alerts (instants are ISO UTC strings). */
export interface PushDevice {
  id: string;
  deviceLabel: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** The VAPID public key (base64url) to subscribe with. */
export async function fetchPublicKey(): Promise<string> {
  const r = (await queryByPath('push.publicKey', undefined)) as { publicKey: string };
  return r.publicKey;
}

/** Stores this device's subscription for the signed-in account (the same endpoint again updates it). */
export async function saveSubscription(input: PushSubscriptionInput): Promise<void> {
  await mutateByPath('push.subscribe', input);
}

/** Deletes this device's subscription from the account. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  await mutateByPath('push.unsubscribe', { endpoint });
}

/** The account's devices that receive push alerts. */
export async function listDevices(): Promise<PushDevice[]> {
  return (await queryByPath('push.list', undefined)) as PushDevice[];
}
