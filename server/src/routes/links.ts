import { flights, newsletter, restaurantAlerts, subscriptions } from '@walkon/db';
import { formatDayList } from '@walkon/domain/days';
import { escapeHtml } from '@walkon/domain/html';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.ts';
import { PAGES_CSS, PAGES_CSS_PATH, renderPage } from '../pages.ts';

/** A server-rendered page in the site's look (server/src/pages.ts). */
const page = (title: string, body: string, status?: { text: string; tone?: 'ok' | 'error' }) =>
  renderPage({
    title,
    status: status?.text,
    tone: status?.tone,
    bodyHtml: `${body}<div class="actions"><a class="button secondary" href="/">Return to WalkOn</a></div>`,
  });

/**
 * Accepts form bodies (`application/x-www-form-urlencoded`, kept as a string) for the routes registered after it,
 * so one-click unsubscribe POSTs from mail clients are taken (RFC 8058 "List-Unsubscribe=One-Click"); global
 * (fastify-plugin), as the not-found handler reads them too.
 */
export const formBodies = fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  },
  { name: 'walkon-form-bodies' },
);

/**
 * The links our e-mails carry, as server-rendered pages (docs/rules.md, docs/decisions/027):
 * `GET /unsubscribe` shows a confirmation form and `POST /unsubscribe` stops the ride alert, newsletter, flight
 * alert or restaurant alert of the token (RFC 8058 one-click; 400 for a malformed token, 404 for an unknown one);
 * `GET /confirm` shows a button and `POST /confirm` confirms a newsletter subscription or flight alert (double
 * opt-in: link scanners that prefetch do not confirm); and the pages' stylesheet.
 */
export async function linkRoutes(app: FastifyInstance, opts: { deps: AppDeps }): Promise<void> {
  const { deps } = opts;
  // The stylesheet of the server-rendered pages (no inline styles: a strict CSP can forbid them).
  app.get(PAGES_CSS_PATH, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGES_CSS),
  );

  // One-click unsubscribe (RFC 8058): GET shows a confirmation form, POST deactivates the subscription.
  const invalidLink = () => page('Invalid link', '<p>This unsubscribe link is not valid.</p>', { text: 'Unsubscribe', tone: 'error' });
  app.get<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(invalidLink());
    // A pass's link names what it stops: the park and its days from today on.
    const sub = await subscriptions.describeByToken(deps.db, token, deps.now());
    const what = sub
      ? `<p>These are the ride alerts for <strong>${escapeHtml(sub.parkName)}</strong>${
          sub.days.length ? ` on ${escapeHtml(formatDayList(sub.days))}` : ''
        }, sent to ${escapeHtml(sub.email)}.</p>`
      : '';
    return renderPage({
      title: 'Stop these alerts?',
      status: 'Unsubscribe',
      bodyHtml: `${what}<p>Press the button to stop the e-mails or texts this link came with. Nothing else changes.</p><form method="post" action="/unsubscribe?token=${token}"><div class="actions"><button class="button" type="submit">Stop these alerts</button><a class="button secondary" href="/">Keep them</a></div></form>`,
    });
  });
  app.post<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(invalidLink());
    const done = { text: 'Unsubscribed' };
    const about = await subscriptions.describeByToken(deps.db, token, deps.now());
    const sub = await subscriptions.deactivateByToken(deps.db, token);
    if (sub)
      return page(
        'Alerts stopped',
        `<p>You will not receive the ride alerts for ${escapeHtml(about?.parkName ?? 'this park')}${
          about?.days.length ? ` on ${escapeHtml(formatDayList(about.days))}` : ''
        } any more (${escapeHtml(sub.email)}).</p>`,
        done,
      );
    const news = await newsletter.unsubscribeByToken(deps.db, token, deps.now());
    if (news) return page('Unsubscribed', `<p>${escapeHtml(news.email)} will not receive the WalkOn newsletter any more.</p>`, done);
    const flight = await flights.deactivateByToken(deps.db, token);
    if (flight)
      return page('Flight alert stopped', `<p>${escapeHtml(flight.email)} will not receive this flight price alert any more.</p>`, done);
    const restaurant = await restaurantAlerts.deactivateByToken(deps.db, token);
    if (restaurant)
      return page(
        'Restaurant alert stopped',
        `<p>${escapeHtml(restaurant.email)} will not receive alerts for ${escapeHtml(restaurant.restaurantName)} any more.</p>`,
        done,
      );
    return reply.code(404).send(
      page('Link not found', '<p>We could not find this subscription. It may already be stopped.</p>', {
        text: 'Unsubscribe',
        tone: 'error',
      }),
    );
  });

  // Double opt-in (docs/decisions/027): GET shows a button (link scanners that prefetch do not
  // confirm), POST confirms the newsletter subscription or flight alert the e-mailed link belongs to.
  const badConfirm = () => page('Invalid link', '<p>This confirmation link is not valid.</p>', { text: 'Confirm', tone: 'error' });
  app.get<{ Querystring: { token?: string } }>('/confirm', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(badConfirm());
    return renderPage({
      title: 'Confirm your subscription?',
      status: 'Confirm',
      bodyHtml: `<p>Press the button to confirm the WalkOn e-mails you asked for (the newsletter or a flight price alert).</p><form method="post" action="/confirm?token=${token}"><div class="actions"><button class="button" type="submit">Confirm</button><a class="button secondary" href="/">Not now</a></div></form>`,
    });
  });
  app.post<{ Querystring: { token?: string } }>('/confirm', async (req, reply) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    reply.type('text/html; charset=utf-8');
    if (!/^[0-9a-f]{16,128}$/.test(token)) return reply.code(400).send(badConfirm());
    const done = { text: 'Confirmed' };
    const news = await newsletter.confirmByToken(deps.db, token, deps.now());
    if (news) return page('Subscription confirmed', `<p>${escapeHtml(news.email)} will receive the WalkOn newsletter.</p>`, done);
    const flight = await flights.confirmByToken(deps.db, token, deps.now());
    if (flight)
      return page(
        'Flight alert confirmed',
        `<p>We now check fares for this alert and e-mail ${escapeHtml(flight.email)} when one drops to your budget.</p>`,
        done,
      );
    return reply
      .code(404)
      .send(
        page('Link not found', '<p>We could not find this subscription. It may have been stopped.</p>', { text: 'Confirm', tone: 'error' }),
      );
  });
}
