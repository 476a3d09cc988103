import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientRouteMatcher } from './app.ts';

describe('clientRouteMatcher (unknown paths answer 404)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'walkon-routes-'));
  writeFileSync(
    path.join(dir, 'routes.json'),
    JSON.stringify(['/', '/faq', '/admin/', '/admin/$section', '/live-wait-times/$parkId/$attractionId']),
  );
  const isRoute = clientRouteMatcher(dir);

  it('knows the listed routes, with one segment per parameter', () => {
    expect(isRoute('/')).toBe(true);
    expect(isRoute('/faq')).toBe(true);
    expect(isRoute('/admin')).toBe(true);
    expect(isRoute('/admin/outbox')).toBe(true);
    expect(isRoute('/live-wait-times/p1/a1')).toBe(true);
  });

  it('refuses everything else', () => {
    expect(isRoute('/no-such-page')).toBe(false);
    expect(isRoute('/faq/more')).toBe(false);
    expect(isRoute('/live-wait-times/p1')).toBe(false);
    expect(isRoute('/live-wait-times/p1/a1/extra')).toBe(false);
    expect(isRoute('/%E0%A4%A')).toBe(false);
  });

  it('treats every path as a route when the build has no routes.json', () => {
    expect(clientRouteMatcher(mkdtempSync(path.join(tmpdir(), 'walkon-noroutes-')))('/anything')).toBe(true);
  });
});
