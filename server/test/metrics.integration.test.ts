import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { routeLabels } from '../src/plugins/metrics.ts';
import { testDeps, withTestServer } from './harness.ts';

// docs/OPERATIONS.md "Metrics": the API's latency histogram carries one route label per tRPC procedure (not one
// `/trpc/:path` for all), a bounded set of names, and walkon_build_info says which build runs.
const env = withTestServer();
const TOKEN = 'metrics-token-of-24-characters-or-more';
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp({ ...testDeps(env), metricsToken: TOKEN });
  return () => app.close();
});

/** The `http_request_duration_seconds_count` samples as `method route status → count`. */
async function counts(): Promise<Map<string, number>> {
  const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^http_request_duration_seconds_count\{([^}]*)\} (\S+)$/gm)) {
    const l = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    out.set(`${l.method} ${l.route} ${l.status_code}`, Number(m[2]));
  }
  return out;
}

describe('API metrics', () => {
  it('routeLabels: one label per procedure of a batch; unknown names fold into /trpc/unknown; assets into /assets/*', () => {
    expect(routeLabels('/trpc/auth.me', '/trpc/:path')).toEqual(['/trpc/auth.me']);
    expect(routeLabels('/trpc/auth.me,rankings.list?batch=1&input=%7B%7D', '/trpc/:path')).toEqual([
      '/trpc/auth.me',
      '/trpc/rankings.list',
    ]);
    expect(routeLabels('/trpc/no.such,also.not', '/trpc/:path')).toEqual(['/trpc/unknown']);
    expect(routeLabels('/assets/index-abc123.js', '/assets/index-abc123.js')).toEqual(['/assets/*']);
    expect(routeLabels('/nothing', undefined)).toEqual(['unmatched']);
  });

  it('tRPC calls are timed per procedure; probes and the scrape are not timed; build info is there', async () => {
    await app.inject({ method: 'GET', url: '/trpc/auth.me' });
    await app.inject({ method: 'GET', url: '/trpc/auth.me,rankings.list?batch=1&input=%7B%7D' });
    await app.inject({ method: 'GET', url: '/trpc/made.up' });
    await app.inject({ method: 'GET', url: '/livez' });
    const c = await counts();
    // Both calls of auth.me count, the batch with the batch's status.
    const of = (route: string) => [...c].filter(([k]) => k.startsWith(`GET ${route} `)).reduce((n, [, v]) => n + v, 0);
    expect(of('/trpc/auth.me')).toBe(2);
    expect(c.get('GET /trpc/auth.me 200')).toBeGreaterThanOrEqual(1);
    expect([...c.keys()].filter((k) => k.includes('/trpc/rankings.list'))).toHaveLength(1);
    expect([...c.keys()].find((k) => k.startsWith('GET /trpc/unknown '))).toBeDefined();
    expect([...c.keys()].some((k) => k.includes('/trpc/:path') || k.includes('/livez') || k.includes('/metrics'))).toBe(false);
    const text = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(text).toMatch(new RegExp(`^walkon_build_info\\{version="[^"]+",node_version="${process.version}",component="api"\\} 1$`, 'm'));
  });
});
