import { describe, expect, it } from 'vitest';
import {
  isCacheablePublicRead,
  MANAGE_ACTION,
  MUTE_ACTION,
  muteFallbackUrl,
  muteTodayInput,
  type NotificationData,
  notificationFor,
  pageCacheKey,
  SERVER_PAGES,
  safePath,
} from './logic.ts';

const PAYLOAD = {
  title: 'Space Mountain: 5 min',
  body: 'Standby wait 5 minutes at Magic Kingdom. +2 more',
  url: '/live-wait-times/park-1/ride-9',
  tag: 'ride-9',
  parkId: 'park-1',
  attractionId: 'ride-9',
  kind: 'alert',
};

describe('service worker rules', () => {
  it('keeps a prerendered page under its own path and every other route under the shell', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/faq')).toBe('/faq');
    expect(pageCacheKey('/faq/')).toBe('/faq');
    expect(pageCacheKey('/get-alerts')).toBe('/app.html');
    expect(pageCacheKey('/live-wait-times/a/b')).toBe('/app.html');
  });

  it('leaves the pages the server renders itself to the server (never kept as the shell)', () => {
    for (const p of [
      '/unsubscribe?token=x',
      '/confirm?token=x',
      '/admin/queues',
      '/admin/queues/api/queues',
      '/api/live/p',
      '/trpc/x',
      '/healthz',
      '/metrics',
    ])
      expect(SERVER_PAGES.test(p), p).toBe(true);
    for (const p of ['/', '/admin', '/admin/users', '/apis', '/confirmed', '/get-alerts', '/live-wait-times/a/b?mute=today'])
      expect(SERVER_PAGES.test(p), p).toBe(false);
  });

  it('answers only public, visitor-independent reads from the cache, and a batch only when all of it is', () => {
    const u = (p: string) => new URL(p, 'https://walkon.test');
    expect(isCacheablePublicRead(u('/trpc/site.parks?input=%7B%7D'))).toBe(true);
    expect(isCacheablePublicRead(u('/trpc/site.parks,waitTimes.destinations?batch=1&input=%7B%7D'))).toBe(true);
    expect(isCacheablePublicRead(u('/trpc/site.parks,auth.me?batch=1'))).toBe(false);
    expect(isCacheablePublicRead(u('/trpc/waitTimes.live?input=%7B%7D'))).toBe(false);
    expect(isCacheablePublicRead(u('/trpc/alerts.state'))).toBe(false);
    expect(isCacheablePublicRead(u('/api/v1/parks'))).toBe(false);
  });

  it('a ride alert shows its title and body, replaces the unread one of the same ride, and offers mute and manage', () => {
    const n = notificationFor(JSON.stringify(PAYLOAD));
    expect(n.title).toBe(PAYLOAD.title);
    expect(n.options.body).toBe(PAYLOAD.body);
    expect(n.options.tag).toBe('ride-9');
    expect(n.options.renotify).toBe(true);
    expect(n.options.data).toEqual({ url: PAYLOAD.url, parkId: 'park-1', attractionId: 'ride-9', kind: 'alert' });
    expect(n.options.actions).toEqual([MUTE_ACTION, MANAGE_ACTION]);
  });

  it('a payload without a ride has no mute action; an unreadable one still shows a notice that opens the site', () => {
    const test = notificationFor(JSON.stringify({ title: 'Test alert', body: 'It works', url: '/manage-alerts', kind: 'test' }));
    expect(test.options.actions).toEqual([MANAGE_ACTION]);
    expect(test.options.tag).toBeUndefined();
    // A test alert that names a ride (the server's payload always has the fields) is still no ride alert to mute.
    const named = notificationFor(JSON.stringify({ ...PAYLOAD, kind: 'test', title: 'WalkOn test alert' }));
    expect(named.options.actions).toEqual([MANAGE_ACTION]);
    expect(notificationFor(JSON.stringify({ ...PAYLOAD, attractionId: '' })).options.actions).toEqual([MANAGE_ACTION]);
    const junk = notificationFor('not json');
    expect(junk.title).toBe('WalkOn');
    expect((junk.options.data as NotificationData).url).toBe('/');
    expect(notificationFor(null).title).toBe('WalkOn');
  });

  it('never sends the browser off the site', () => {
    expect(safePath('https://evil.example/x')).toBe('/');
    expect(safePath('//evil.example/x')).toBe('/');
    expect(safePath('/\\evil.example')).toBe('/');
    expect(safePath('/live-wait-times/a/b')).toBe('/live-wait-times/a/b');
    expect((notificationFor(JSON.stringify({ ...PAYLOAD, url: 'https://evil.example' })).options.data as NotificationData).url).toBe('/');
  });

  it('mutes the ride for the rest of the day, or falls back to the ride page with ?mute=today', () => {
    const data: NotificationData = {
      url: '/live-wait-times/park-1/ride-9?from=push',
      parkId: 'park-1',
      attractionId: 'ride-9',
      kind: 'alert',
    };
    expect(muteTodayInput(data)).toEqual({ parkId: 'park-1', attractionId: 'ride-9', until: 'rest-of-day' });
    expect(muteTodayInput({ ...data, attractionId: null })).toBeNull();
    expect(muteFallbackUrl(data)).toBe('/live-wait-times/park-1/ride-9?from=push&mute=today');
  });
});
