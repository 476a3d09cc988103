import { type DeliveryToSend, restaurantAlerts } from '@walkon/db';
import { type DeliveryGroupMessage, rendererOf } from '@walkon/domain/messages/deliveries';
import { oneClickUnsubscribe } from '@walkon/domain/messages/email';
import type { RenderDeps, RenderedMessage } from './channel.ts';

/**
 * The messages of claimed `deliveries` rows (the e-mail and SMS channels, docs/DESIGN.md §2.5): one per `message_key`
 * (one person, channel and tick: ride alerts and back-in-service alerts), others a message each; each written
 * by its kind's renderer (@walkon/domain/messages/deliveries) through `form`, which makes the channel's message of
 * the group's words and its unsubscribe headers (null: the kind has no form on this channel — the group fails).
 * A restaurant alert's details (and own unsubscribe link) are read here; a deleted alert fails its delivery.
 */
export async function renderDeliveryGroups<M>(
  deps: RenderDeps,
  rows: DeliveryToSend[],
  form: (g: DeliveryGroupMessage, to: DeliveryToSend, headers: Record<string, string>, ids: string[]) => M | null,
): Promise<RenderedMessage<M>[]> {
  const groups = new Map<string, DeliveryToSend[]>();
  for (const d of rows) {
    const key = d.messageKey ?? `single:${d.id}`;
    const g = groups.get(key);
    if (g) g.push(d);
    else groups.set(key, [d]);
  }
  const out: RenderedMessage<M>[] = [];
  for (const group of groups.values()) {
    const d = group[0]!;
    const ids = group.map((g) => g.id);
    let unsubscribe = d.unsubscribeToken ? oneClickUnsubscribe(deps.publicOrigin, d.unsubscribeToken) : null;
    const g: DeliveryGroupMessage = {
      kind: d.kind,
      parkId: d.parkId,
      parkName: d.parkName,
      timezone: d.timezone,
      readingAt: new Date(d.createdAt),
      items: group.map((x) => ({ kind: x.kind, rideName: x.rideName, waitTime: x.waitTime, rideId: x.rideId })),
      message: d.message,
      publicOrigin: deps.publicOrigin,
      unsubscribeUrl: unsubscribe?.url ?? null,
    };
    if (d.kind === 'restaurant_alert') {
      // Restaurant alerts: the alert's own unsubscribe token and details.
      const r = await restaurantAlerts.deliveryContext(deps.db, d.id);
      if (!r) {
        out.push({ ids, failed: 'restaurant alert deleted' });
        continue;
      }
      unsubscribe = oneClickUnsubscribe(deps.publicOrigin, r.unsubscribeToken);
      g.restaurant = { ...r, unsubscribeUrl: unsubscribe.url };
    }
    const message = form(g, d, unsubscribe?.headers ?? {}, ids);
    out.push(message === null ? { ids, failed: `a ${d.kind} delivery has no ${d.channel} message` } : { ids, message });
  }
  return out;
}

export { rendererOf };
