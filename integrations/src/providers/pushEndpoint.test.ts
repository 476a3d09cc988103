import { describe, expect, it } from 'vitest';
import { isPublicAddress, PushEndpointRefusedError, publicOnlyLookup, pushEndpointProblem } from './push.ts';

// docs/decisions/047: the endpoint rules the API applies at subscribe and the
// worker before each send and on each connection. Expected values from the rule (RFC 1918, 6598, 3927, 4193…).

describe('push endpoint policy (docs/decisions/047)', () => {
  it('https on 443 to a known push service; any other port, scheme or host is refused (loopback only for tests)', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/x', false)).toBeNull();
    expect(pushEndpointProblem('https://fcm.googleapis.com:443/fcm/send/x', false)).toBeNull();
    expect(pushEndpointProblem('https://web.push.apple.com/QX', false)).toBeNull();
    expect(pushEndpointProblem('https://fcm.googleapis.com:6379/fcm/send/x', false)).toMatch(/443/);
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/x', false)).toMatch(/https/);
    expect(pushEndpointProblem('https://u:p@fcm.googleapis.com/x', false)).toMatch(/user name/);
    expect(pushEndpointProblem('https://fcm.googleapis.com.evil.example/x', false)).toMatch(/not one WalkOn can send to/);
    expect(pushEndpointProblem('http://127.0.0.1:4000/notify/x', false)).toMatch(/https/);
    expect(pushEndpointProblem('http://127.0.0.1:4000/notify/x', true)).toBeNull();
  });

  it('public addresses only: private, loopback, link-local, CGNAT, unique-local and mapped private addresses are not', () => {
    for (const a of ['142.250.74.10', '17.57.146.52', '2a00:1450:4001:82b::200a']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'nonsense',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
  });

  it('the worker’s connections resolve again and refuse a name that points at a non-public address', async () => {
    const resolveWith = (allowLoopback: boolean) =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) =>
        publicOnlyLookup(allowLoopback)('localhost', {}, (err, address) => resolve({ err, address })),
      );
    const refused = await resolveWith(false);
    expect(refused.err).toBeInstanceOf(PushEndpointRefusedError);
    expect(refused.err!.message).toMatch(/non-public address/);
    const allowed = await resolveWith(true);
    expect(allowed.err).toBeNull();
    expect(String(allowed.address)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
