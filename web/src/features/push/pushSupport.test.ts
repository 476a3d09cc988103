import { describe, expect, it } from 'vitest';
import { type BrowserFacts, deviceLabel, iosVersion, pushSupport, sameKey, urlBase64ToUint8Array } from './pushSupport.ts';

const IPHONE_17 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_16_3 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI = IPAD_DESKTOP;
const WIN_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const api = { hasServiceWorker: true, hasPushManager: true, hasNotification: true };
const facts = (userAgent: string, more: Partial<BrowserFacts> = {}): BrowserFacts => ({
  userAgent,
  maxTouchPoints: 0,
  standalone: false,
  ...api,
  ...more,
});

describe('push support', () => {
  it('an iPhone tab on iOS 16.4+ gets the Home Screen walkthrough, even though Safari has no PushManager there', () => {
    expect(pushSupport(facts(IPHONE_17, { maxTouchPoints: 5, hasPushManager: false }))).toBe('ios-home-screen');
    expect(pushSupport(facts(IPHONE_17, { maxTouchPoints: 5 }))).toBe('ios-home-screen');
  });

  it('the same iPhone opened from the Home Screen can subscribe; iOS before 16.4 cannot at all', () => {
    expect(pushSupport(facts(IPHONE_17, { maxTouchPoints: 5, standalone: true }))).toBe('supported');
    expect(pushSupport(facts(IPHONE_17, { maxTouchPoints: 5, standalone: true, hasPushManager: false }))).toBe('unsupported');
    expect(pushSupport(facts(IPHONE_16_3, { maxTouchPoints: 5 }))).toBe('ios-too-old');
  });

  it('an iPad that says "Macintosh" is told apart from a Mac by its touch screen', () => {
    expect(iosVersion({ userAgent: IPAD_DESKTOP, maxTouchPoints: 5 })).toEqual([17, 4]);
    expect(pushSupport(facts(IPAD_DESKTOP, { maxTouchPoints: 5 }))).toBe('ios-home-screen');
    expect(iosVersion({ userAgent: MAC_SAFARI, maxTouchPoints: 0 })).toBeNull();
    expect(pushSupport(facts(MAC_SAFARI))).toBe('supported');
  });

  it('other browsers subscribe when they have the APIs, and are unsupported without them', () => {
    expect(pushSupport(facts(ANDROID_CHROME))).toBe('supported');
    expect(pushSupport(facts(WIN_FIREFOX, { hasPushManager: false }))).toBe('unsupported');
    expect(pushSupport(facts(ANDROID_CHROME, { hasServiceWorker: false }))).toBe('unsupported');
  });

  it('names the device for the list of devices', () => {
    expect(deviceLabel({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe('Chrome on Android');
    expect(deviceLabel({ userAgent: IPHONE_17, maxTouchPoints: 5 })).toBe('Safari on iPhone');
    expect(deviceLabel({ userAgent: IPAD_DESKTOP, maxTouchPoints: 5 })).toBe('Safari on iPad');
    expect(deviceLabel({ userAgent: WIN_FIREFOX, maxTouchPoints: 0 })).toBe('Firefox on Windows');
  });

  it('decodes a base64url VAPID key to its bytes and compares it with a subscription key', () => {
    // 0xfb 0xff 0xfe: "+//+" in base64, "-__-" in base64url.
    expect([...urlBase64ToUint8Array('-__-')]).toEqual([0xfb, 0xff, 0xfe]);
    expect([...urlBase64ToUint8Array('AQID')]).toEqual([1, 2, 3]);
    expect([...urlBase64ToUint8Array('AQ')]).toEqual([1]);
    const key = urlBase64ToUint8Array('AQID');
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
