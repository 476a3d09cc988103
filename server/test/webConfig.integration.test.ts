import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WEB_CONFIG_PLACEHOLDER, webConfigScript } from '@walkon/domain/webConfig';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testDeps, withTestServer } from './harness.ts';

// One web build served by two servers with different settings (docs/decisions/052-one-release-bundle.md): each
// page's config block and the placeholder addresses in prerendered markup carry the serving server's PUBLIC_ORIGIN
// and CONTACT_EMAIL; the build itself is never changed. The build here is what `vite build` + prerender write
// (web/vite.config.ts runtimeConfig: the placeholder block before </head>), in miniature.
const env = withTestServer();
const dist = mkdtempSync(path.join(tmpdir(), 'walkon-webconfig-'));
const head = `<head><title>WalkOn</title>\n    ${webConfigScript(WEB_CONFIG_PLACEHOLDER)}\n  </head>`;
const apps: FastifyInstance[] = [];

beforeAll(() => {
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html>${head}<body><div id="root"><main id="main">Landing</main></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'app.html'), `<!doctype html><html>${head}<body><div id="root"></div></body></html>`);
  mkdirSync(path.join(dist, 'faq'));
  writeFileSync(
    path.join(dist, 'faq/index.html'),
    `<!doctype html><html>${head}<body><div id="root"><main id="main">Write to <a href="mailto:${WEB_CONFIG_PLACEHOLDER.contactEmail}?subject=FAQ">${WEB_CONFIG_PLACEHOLDER.contactEmail}</a> at ${WEB_CONFIG_PLACEHOLDER.publicOrigin}</main></div></body></html>`,
  );
  writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(['/', '/faq', '/contact']));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/app-abc123.js'), 'console.log(1)');
});

afterAll(async () => {
  for (const a of apps) await a.close();
  rmSync(dist, { recursive: true, force: true });
});

async function serve(publicOrigin: string, contactEmail?: string): Promise<FastifyInstance> {
  const app = await buildApp({ ...testDeps(env), publicOrigin, contactEmail, webDistDir: dist });
  apps.push(app);
  return app;
}

const block = (html: string) =>
  JSON.parse(/<script id="walkon-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

describe("the web app's run-time settings (PUBLIC_ORIGIN, CONTACT_EMAIL)", () => {
  it("one build, two servers: every page carries the serving server's addresses, in the config block and in prerendered markup", async () => {
    const one = await serve('https://one.walkon.test', 'help@one.walkon.test');
    const two = await serve('https://two.walkon.test');
    for (const [app, origin, contact] of [
      [one, 'https://one.walkon.test', 'help@one.walkon.test'],
      // Without CONTACT_EMAIL: support@ the host of PUBLIC_ORIGIN.
      [two, 'https://two.walkon.test', 'support@two.walkon.test'],
    ] as const) {
      for (const url of ['/', '/index.html', '/faq', '/faq/', '/contact', '/app.html', '/no-such-page']) {
        const r = await app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
        expect(r.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(r.headers['cache-control'], url).toBe('no-cache');
        expect(block(r.body), url).toEqual({ publicOrigin: origin, contactEmail: contact });
        expect(r.body, url).not.toContain('walkon-config.invalid');
      }
      const faq = (await app.inject({ method: 'GET', url: '/faq' })).body;
      expect(faq).toContain(`<a href="mailto:${contact}?subject=FAQ">${contact}</a> at ${origin}</main>`);
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('Landing');
      // Hashed assets are served as built.
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a page is revalidated by its entity tag (304 when unchanged)', async () => {
    const app = await serve('https://one.walkon.test');
    const first = await app.inject({ method: 'GET', url: '/faq' });
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/faq', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('a value cannot end the config block or inject markup', () => {
    const script = webConfigScript({ publicOrigin: 'https://x.test', contactEmail: 'a</script><script>alert(1)</script>@x.test' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain('\\u003c/script\\u003e');
  });
});
