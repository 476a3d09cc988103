import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

/** A logger writing into an array of parsed lines. */
function capture() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger('test', 'info', stream) };
}

describe('createLogger (docs/OPERATIONS.md "Logs")', () => {
  it('redacts cookies, authorization, e-mail addresses and phone numbers, one and two levels deep', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'walkon_session=abc', authorization: 'Bearer t', host: 'x' } },
        email: 'fan@example.com',
        delivery: { phone: '+15555550100', address: 'fan@example.com', parkId: 'p' },
      },
      'line',
    );
    const l = lines[0]!;
    expect(l.req.headers).toEqual({ cookie: '[redacted]', authorization: '[redacted]', host: 'x' });
    expect(l.email).toBe('[redacted]');
    expect(l.delivery).toEqual({ phone: '[redacted]', address: '[redacted]', parkId: 'p' });
    expect(JSON.stringify(l)).not.toMatch(/fan@example\.com|5555550100|abc/);
  });

  it('logs err with its type, message and stack', () => {
    const { lines, logger } = capture();
    logger.error({ err: new TypeError('boom') }, 'failed');
    expect(lines[0]!.err.type).toBe('TypeError');
    expect(lines[0]!.err.message).toBe('boom');
    expect(lines[0]!.err.stack).toMatch(/TypeError: boom\n\s+at /);
  });
});
