import { parkLocalStamp, type RideAlertItem, sortAlertItems } from './rideAlerts.ts';

/**
 * The JSON a Web Push notification carries (docs/decisions/038; the service worker shows it):
 * `url` is the ride's page path (relative, `/live-wait-times/<parkId>/<attractionId>`, the first ride's), `tag`
 * the attraction id (a newer alert for the same ride replaces an unread one; also the push `topic`).
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  parkId: string;
  attractionId: string;
  kind: 'alert' | 'test' | 'confirmation';
}

/** One ride inside a push (a ride alert item with its attraction id). */
export interface PushAlertItem extends RideAlertItem {
  rideId: string | null;
}

/** What one push message says: one person's alerts of one tick, a test alert, or an activation confirmation. */
export interface PushAlertGroup {
  kind: PushPayload['kind'];
  parkId: string;
  parkName: string;
  /** IANA zone of the park (null = UTC). */
  timezone: string | null;
  /** The poll instant (UTC). */
  readingAt: Date;
  items: PushAlertItem[];
  /** For `test` / `confirmation`: the sentence to show (the delivery's message). */
  message?: string;
}

/** The ride page path of an attraction (the web route `/live-wait-times/$parkId/$attractionId`), relative. */
export function ridePagePath(parkId: string, attractionId: string): string {
  return `/live-wait-times/${encodeURIComponent(parkId)}/${encodeURIComponent(attractionId)}`;
}

/** Largest body a notification shows in full on most lock screens (characters); longer ones are cut with "…". */
export const PUSH_BODY_MAX = 180;

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).trimEnd()}…`);

/**
 * The push of one person's alerts of one tick (docs/DESIGN.md §2.5 "Push", same rule as the e-mail: one message per
 * person per tick, shortest standby wait first, "+N more"): title = the first ride and its wait with "+N more",
 * body = the park, its park-local time and the other rides as many as fit PUSH_BODY_MAX; url/tag/attractionId =
 * the first ride. A test alert or a confirmation shows its own sentence and links to the park's live waits page
 * when it names no ride.
 */
export function formatRideAlertPush(g: PushAlertGroup): PushPayload {
  const items = sortAlertItems(g.items) as PushAlertItem[];
  const first = items[0];
  const attractionId = first?.rideId ?? '';
  const url = attractionId ? ridePagePath(g.parkId, attractionId) : `/live-wait-times?park=${encodeURIComponent(g.parkId)}`;
  const tag = attractionId || `park:${g.parkId}`;
  if (g.kind !== 'alert' || !first) {
    const title = g.kind === 'test' ? 'WalkOn test alert' : `WalkOn alerts at ${g.parkName}`;
    return {
      title,
      body: cut(g.message ?? `WalkOn alerts are working for ${g.parkName}.`, PUSH_BODY_MAX),
      url,
      tag,
      parkId: g.parkId,
      attractionId,
      kind: g.kind,
    };
  }
  const more = items.length > 1 ? ` +${items.length - 1} more` : '';
  const lead =
    first.kind === 'back_in_service'
      ? `${first.rideName} is back in service`
      : first.waitTime === 0
        ? `${first.rideName} is a walk-on`
        : `${first.rideName} ${first.waitTime} min`;
  const { time } = parkLocalStamp(g.readingAt, g.timezone);
  const others = items
    .slice(1)
    .map((i) => (i.kind === 'back_in_service' ? `${i.rideName} back` : `${i.rideName} ${i.waitTime} min`))
    .join(', ');
  const body = cut(`${g.parkName} at ${time}${others ? ` · ${others}` : ''}`, PUSH_BODY_MAX);
  return { title: `${lead}${more}`, body, url, tag, parkId: g.parkId, attractionId, kind: 'alert' };
}

/**
 * The push `topic` header of an attraction (RFC 8030 §5.4: at most 32 characters of the URL-safe base64
 * alphabet): the id with every other character dropped; when still longer, without its hyphens (a UUID's 32
 * hex digits), then the first 32. A newer push with the same topic replaces an undelivered one at the push service.
 */
export function pushTopic(tag: string): string {
  let t = tag.replace(/[^A-Za-z0-9_-]/g, '');
  if (t.length > 32) t = t.replace(/-/g, '');
  return t.slice(0, 32) || 'walkon';
}
