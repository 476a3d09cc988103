import { Writable } from 'node:stream';
import { createLogger } from '@walkon/integrations/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { withTestServer } from './harness.ts';

// docs/OPERATIONS.md "Logs": one line per request with method, path, route, status and duration; x-request-id in and out.
const env = withTestServer();
const lines: Record<string, any>[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  app = await buildApp({ ...env.deps, logger: createLogger('server', 'info', stream) });
});
afterAll(async () => {
  await app?.close();
});

describe('request log lines and request ids', () => {
  it("echoes a well-formed x-request-id, makes a UUID otherwise, and logs one line with the request's facts", async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/unsubscribe?token=secret-token-value',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(given.statusCode).toBe(400);
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const forged = await app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'bad id with spaces\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((l) => l.reqId === 'lb-1234.abc');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', method: 'GET', path: '/unsubscribe', route: '/unsubscribe', status: 400 });
    expect(typeof mine[0]!.durationMs).toBe('number');
    // The query string (an unsubscribe token) never reaches the log.
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
