// Creates (or resets the password of) the demo account printed by `make dev` / `make demo` (an admin), and the
// demo promo code DEMO_PROMO (one free e-mail day) when it does not exist yet. The demo address is
// marked verified.

import { accounts, createDb, promo, users } from '@walkon/db';
import { ENV_DEFAULTS } from '@walkon/domain/env';
import { hashPassword } from '@walkon/server';

const email = (process.env.DEMO_EMAIL ?? 'demo@walkon.test').toLowerCase();
const password = process.env.DEMO_PASSWORD ?? 'walkon-demo-2026';
const db = createDb(process.env.DATABASE_URL ?? ENV_DEFAULTS.DATABASE_URL, 1);
try {
  const passwordHash = await hashPassword(password);
  const existing = await users.findByEmail(db, email);
  if (existing) await accounts.setPasswordHash(db, existing.id, passwordHash);
  const id = existing ? existing.id : (await users.createUser(db, { email, fullName: 'WalkOn Demo', passwordHash })).id;
  await users.grantRole(db, id, 'admin');
  // The operator sets this address, so it counts as verified (it owns the demo data keyed by it).
  await accounts.markVerified(db, id, email, new Date());
  const code = (process.env.DEMO_PROMO ?? 'WALKON-FREE').toUpperCase();
  await promo.create(db, promo.freeEmailDayCode(code, id));
  console.log(`demo account ready: ${email}; promo code ${code}`);
} finally {
  await db.destroy();
}
