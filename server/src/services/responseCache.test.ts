import { describe, expect, it, vi } from 'vitest';
import { ResponseCache } from './responseCache.ts';

// docs/DESIGN.md §4 live API cache: checked at most every recheckMs; stale-while-revalidate up to staleMs after a check.
describe('ResponseCache', () => {
  const RECHECK = 2_000;
  const STALE = 15_000;

  it('serves within recheckMs without asking; between recheckMs and staleMs serves the old entry while one check rebuilds it', async () => {
    const cache = new ResponseCache(RECHECK, 10, STALE);
    let version = 'v1';
    let versions = 0;
    let builds = 0;
    const ask = (t: number) =>
      cache.get(
        'k',
        t,
        async () => {
          versions++;
          return version;
        },
        async () => ({ built: ++builds, version }),
      );
    expect((await ask(0)).value).toEqual({ built: 1, version: 'v1' });
    await ask(RECHECK - 1);
    expect(versions).toBe(1);
    version = 'v2';
    // Past recheckMs: answered at once from the old entry, the check runs behind it (one check for both requests).
    const [a, b] = await Promise.all([ask(RECHECK + 1), ask(RECHECK + 2)]);
    expect([a.value, b.value]).toEqual([
      { built: 1, version: 'v1' },
      { built: 1, version: 'v1' },
    ]);
    // The rebuild (and its compression on the thread pool) finishes when it finishes: wait for it, not a fixed time.
    await vi.waitFor(() => expect(versions).toBe(2), { timeout: 5000, interval: 5 });
    await vi.waitFor(async () => expect((await ask(RECHECK + 3)).value).toEqual({ built: 2, version: 'v2' }), {
      timeout: 5000,
      interval: 10,
    });
    expect(builds).toBe(2);
  });

  it('an entry idle past staleMs is checked before it is served, and a failing check reaches that request', async () => {
    const cache = new ResponseCache(RECHECK, 10, STALE);
    let version = 'v1';
    await cache.get(
      'k',
      0,
      async () => version,
      async () => version,
    );
    version = 'v2';
    expect(
      (
        await cache.get(
          'k',
          STALE + 1,
          async () => version,
          async () => version,
        )
      ).value,
    ).toBe('v2');
    const failing = async (): Promise<string> => {
      throw new Error('database down');
    };
    // Within staleMs: the old entry, the failure dropped; past it: the failure.
    expect((await cache.get('k', STALE + 1 + RECHECK + 1, failing, async () => 'x')).value).toBe('v2');
    await expect(cache.get('k', 2 * STALE + 2, failing, async () => 'x')).rejects.toThrow('database down');
  });
});
