import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../deps.ts';
import { handleStripeEvent } from '../services/checkout/index.ts';

/**
 * `POST /stripe/webhook` (docs/decisions/012) in its own plugin scope, where every body is kept raw (a Buffer) so
 * the signature is checked over the exact bytes with `constructEvent`. A missing or bad signature, a stale
 * timestamp (over 5 minutes) or a malformed body is a 400 that writes nothing; a verified event is handled
 * once (handleStripeEvent); a failure while handling is a 503 so Stripe retries.
 */
export async function stripeWebhook(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/stripe/webhook', async (req, reply) => {
      if (!deps.payments) return reply.code(503).send({ error: { message: 'Payments are not configured.' } });
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
        return reply.code(400).send({ error: { message: 'Missing Stripe signature.' } });
      }
      let event: Stripe.Event;
      try {
        event = deps.payments.stripe.webhooks.constructEvent(req.body, signature, deps.payments.webhookSecret);
      } catch (err) {
        req.log.warn({ err }, 'stripe webhook refused');
        return reply.code(400).send({ error: { message: 'Invalid Stripe signature or payload.' } });
      }
      try {
        const result = await handleStripeEvent(deps, event);
        req.log.info({ eventId: event.id, type: event.type, result }, 'stripe event');
        return { received: true, result };
      } catch (err) {
        req.log.error({ eventId: event.id, err }, 'stripe event failed; Stripe will retry');
        return reply.code(503).send({ error: { message: 'Temporarily unable to process this event.' } });
      }
    });
  });
}
