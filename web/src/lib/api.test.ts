import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiMutation, apiQuery } from './api.ts';
import { trpcErrorCode } from './trpcError.ts';

const reply = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.unstubAllGlobals());

describe('the light tRPC client (lib/api.ts)', () => {
  it('batches the queries of one tick into one GET in the tRPC batch format and hands each its answer', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      reply([{ result: { data: { user: null } } }, { result: { data: { today: '2026-11-23' } } }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const [me, calendar] = await Promise.all([apiQuery('auth.me'), apiQuery('checkout.passCalendar', { parkId: 'p1' })]);
    expect(me).toEqual({ user: null });
    expect(calendar).toEqual({ today: '2026-11-23' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/trpc/auth.me,checkout.passCalendar');
    expect(url.searchParams.get('batch')).toBe('1');
    expect(JSON.parse(url.searchParams.get('input')!)).toEqual({ '1': { parkId: 'p1' } });
  });

  it('rejects one call of a batch with the server sentence and code, the others still resolve', async () => {
    vi.stubGlobal('fetch', () =>
      reply(
        [
          { result: { data: 1 } },
          { error: { message: 'Too many tries. Wait a minute.', data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } },
        ],
        207,
      ),
    );
    const [ok, failed] = await Promise.allSettled([apiQuery('site.stats'), apiQuery('site.testimonials')]);
    expect(ok).toEqual({ status: 'fulfilled', value: 1 });
    expect(failed.status).toBe('rejected');
    const err = (failed as PromiseRejectedResult).reason as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Too many tries. Wait a minute.');
    expect(trpcErrorCode(err)).toBe('TOO_MANY_REQUESTS');
  });

  it('posts a mutation with its input as the JSON body; a network failure is an ApiError without data', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => reply({ result: { data: { ok: true } } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiMutation('site.subscribeNewsletter', { email: 'a@example.com' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/trpc/site.subscribeNewsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'a@example.com' });

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await apiMutation('auth.logOut').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Failed to fetch');
    expect(trpcErrorCode(err)).toBeUndefined();
  });
});
