// `make dev` / `make demo` without Stripe keys: serves the test fake of the Stripe API (server/test/stripeFake.ts)
// on STRIPE_FAKE_PORT so card checkout can be clicked through offline. Its "Test checkout" page has a Pay
// button that posts a signed checkout.session.completed to the app's /stripe/webhook. Never used in
// production: the scripts start it only when STRIPE_SECRET_KEY is unset, and say so.
import { startStripeFake } from '../server/test/stripeFake.ts';

const port = Number(process.env.STRIPE_FAKE_PORT ?? 12111);
const fake = await startStripeFake(port);
fake.webhookUrl = `http://127.0.0.1:${process.env.PORT ?? 3000}/stripe/webhook`;
console.log(`stripe fake on ${fake.base} → webhooks to ${fake.webhookUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
