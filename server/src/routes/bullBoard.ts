import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/requestSession.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { renderPage, wantsHtml } from '../pages.ts';
import { BULL_BOARD_CSP } from '../security/headers.ts';

/**
 * Bull Board for operators at `/admin/queues` (docs/DESIGN.md §2, docs/rules.md R50): admins only, including its static
 * assets. A browser without a session is sent to log in (303), a non-admin gets the Access Denied page (403);
 * API clients get 401 / 403 JSON sentences. Every action (any method but GET/HEAD: pause, resume, clean, retry,
 * promote, remove…) is logged as `bull board action` with the admin's id, the method, the path and the status
 * (docs/OPERATIONS.md "Operator CLI").
 */
export async function bullBoardRoutes(scope: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  const adminOf = new WeakMap<object, string>();
  scope.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    deps.logger.info(
      { adminId: adminOf.get(req) ?? null, method: req.method, path: req.url.split('?')[0], status: reply.statusCode },
      'bull board action',
    );
  });
  scope.addHook('onRequest', async (req, reply) => {
    // Bull Board's own page needs inline styles and Google Fonts: its own, looser policy (security/headers.ts).
    reply.header('content-security-policy', BULL_BOARD_CSP);
    const s = await sessionOf(deps, req, reply);
    const user: SessionUser | undefined = s?.user;
    if (user?.roles.includes('admin')) {
      adminOf.set(req, user.id);
      return;
    }
    // A browser gets the site's pages (log in, or Access Denied with docs/spec/part-2.md §6's text); API clients JSON.
    if (wantsHtml(req.headers.accept)) {
      if (!user) return reply.redirect(`/auth?redirect=${encodeURIComponent('/admin/queues')}`, 303);
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(
          renderPage({
            title: 'Access Denied',
            status: '403 · Admins only',
            tone: 'error',
            bodyHtml:
              '<p>You do not have admin privileges</p><p>The job queues are for WalkOn operators.</p><div class="actions"><a class="button" href="/">Go to the home page</a></div>',
          }),
        );
    }
    if (!user) return reply.code(401).send({ error: { message: 'Please log in.' } });
    return reply.code(403).send({ error: { message: 'Access Denied: admins only.' } });
  });
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath('/admin/queues');
  createBullBoard({ queues: deps.queues.all().map((q) => new BullMQAdapter(q)), serverAdapter });
  await scope.register(serverAdapter.registerPlugin(), { prefix: '/admin/queues' });
}
