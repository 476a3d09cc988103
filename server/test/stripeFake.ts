import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP fake of the few Stripe API endpoints WalkOn uses, for the real `stripe` SDK
 * pointed at it with `host`/`port`/`protocol: 'http'` (STRIPE_API_BASE):
 * - `POST /v1/checkout/sessions` (form-encoded, Idempotency-Key honoured) and `GET /v1/checkout/sessions/:id`;
 * - a hosted "checkout page" at `/pay/:id` whose Pay button marks the session paid, posts a signed
 *   `checkout.session.completed` event to `webhookUrl` (when set) and redirects to the success URL.
 * Tests only: nothing in `src/` uses it.
 */
export interface StripeFake {
  base: string;
  /** Sessions by id, as the API returns them. */
  sessions: Map<string, FakeSession>;
  /** Raw form bodies of every create call. */
  createBodies: URLSearchParams[];
  /** Where the Pay button posts the signed event (the app's /stripe/webhook). */
  webhookUrl: string | null;
  /** Forgets every session, idempotency key and create body (call between tests). */
  reset(): void;
  /** Marks a session paid (payment_status 'paid', status 'complete'). */
  pay(id: string): FakeSession;
  /**
   * A Stripe event JSON around `object` (usually a session), and its signed header (timestamp default now;
   * `secret` default FAKE_WEBHOOK_SECRET, another one makes a bad signature).
   */
  signedEvent(
    type: string,
    object: FakeSession | { id: string; object: string },
    opts?: { id?: string; timestamp?: number; secret?: string },
  ): { payload: string; header: string };
  /** The `Stripe-Signature` header for any payload string (e.g. a malformed body signed correctly). */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

/** A Checkout Session as the fake API returns it (the fields WalkOn reads). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  mode: 'payment';
}

/** The webhook signing secret the fake signs events with (pass it to createPayments). */
export const FAKE_WEBHOOK_SECRET = 'whsec_test_walkon_fake';
/** The only API key the fake accepts. */
export const FAKE_SECRET_KEY = 'sk_test_walkon_fake';

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
  });

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Starts the fake on 127.0.0.1 at `port` (default: a free port). */
export async function startStripeFake(port = 0): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const createBodies: URLSearchParams[] = [];
  const stripe = new Stripe(FAKE_SECRET_KEY);
  let server: Server;

  const fake: StripeFake = {
    base: '',
    sessions,
    createBodies,
    webhookUrl: null,
    reset() {
      sessions.clear();
      byIdempotencyKey.clear();
      createBodies.length = 0;
    },
    pay(sid) {
      const s = sessions.get(sid);
      if (!s) throw new Error(`no session ${sid}`);
      s.payment_status = 'paid';
      s.status = 'complete';
      s.payment_intent ??= id('pi_test');
      s.customer ??= id('cus_test');
      return s;
    },
    signedEvent(type, object, opts = {}) {
      const payload = JSON.stringify({
        id: opts.id ?? id('evt_test'),
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      return { payload, header: fake.sign(payload, opts) };
    },
    sign(payload, opts = {}) {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? FAKE_WEBHOOK_SECRET, timestamp: opts.timestamp });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/v1/') && req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(await read(req));
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && byIdempotencyKey.has(key)) return json(200, sessions.get(byIdempotencyKey.get(key)!));
      createBodies.push(form);
      let amount = 0;
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        amount += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      }
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const sid = id('cs_test');
      const s: FakeSession = {
        id: sid,
        object: 'checkout.session',
        url: `${fake.base}/pay/${sid}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        customer_email: form.get('customer_email'),
        customer: null,
        client_reference_id: form.get('client_reference_id'),
        metadata,
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        mode: 'payment',
      };
      sessions.set(sid, s);
      if (typeof key === 'string') byIdempotencyKey.set(key, sid);
      return json(200, s);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const s = sessions.get(get[1]!);
      return s ? json(200, s) : json(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${get[1]}'` } });
    }
    const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const s = sessions.get(page[1]!);
      if (!s) return json(404, { error: { message: 'No such session' } });
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title><link rel="icon" href="data:,"></head><body><main><h1>Test checkout</h1><p>${s.customer_email} · $${(s.amount_total / 100).toFixed(2)}</p><form method="post"><button type="submit">Pay $${(s.amount_total / 100).toFixed(2)}</button></form><a href="${s.cancel_url}">Cancel</a></main></body></html>`,
        );
      }
      fake.pay(s.id);
      if (fake.webhookUrl) {
        const { payload, header } = fake.signedEvent('checkout.session.completed', s);
        await fetch(fake.webhookUrl, {
          method: 'POST',
          body: payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
        });
      }
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      return res.end();
    }
    json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
