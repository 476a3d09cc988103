import { outbox, payments, promo } from '@walkon/db';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { weakPromoCodeReason } from '../security/promoGuesses.ts';

/**
 * The admin area's records (docs/spec/part-2.md §2 Admin): promo codes, checkout sessions and the outbox. Instants go
 * out as ISO strings; money stays in cents.
 */

/**
 * Promo codes with their use counts, newest first → promo.list rows plus `weak`: why the code is easy to guess
 * (a sentence the admin page shows beside it), or null (security/promoGuesses.ts `weakPromoCodeReason`, docs/decisions/047).
 */
export async function promoCodes(deps: AppDeps) {
  const rows = await promo.list(deps.db);
  return Promise.all(rows.map(async (r) => ({ ...r, weak: await weakPromoCodeReason(r.code) })));
}

/**
 * Creates a promo code (upper-cased by the schema; free e-mail days or a percentage off) → { code, weak } (`weak`:
 * why it is easy to guess, or null — docs/decisions/047; a weak code is still created, and flagged on the admin page).
 * @throws AppError CONFLICT when the code exists.
 */
export async function createPromoCode(
  deps: AppDeps,
  admin: SessionUser,
  input: Omit<promo.PromoInput, 'createdBy' | 'expiresAt'> & { expiresAt: string | null },
) {
  const created = await promo.create(deps.db, {
    code: input.code,
    kind: input.kind,
    channel: input.channel,
    days: input.days,
    percentOff: input.percentOff,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    createdBy: admin.id,
  });
  if (!created) throw new AppError('CONFLICT', `The code ${input.code} exists already.`);
  return { code: input.code, weak: await weakPromoCodeReason(input.code) };
}

/** Turns a promo code on or off → { ok }. @throws AppError NOT_FOUND for an unknown code. */
export async function setPromoCodeActive(deps: AppDeps, input: { code: string; active: boolean }) {
  if (!(await promo.setActive(deps.db, input.code, input.active))) throw new AppError('NOT_FOUND', 'No such promo code.');
  return { ok: true as const };
}

/** The 50 newest checkout sessions (amounts in cents) with their status. */
export async function checkouts(deps: AppDeps) {
  return payments.listRecentCheckouts(deps.db);
}

/** The outbox (messages of NOTIFY_TRANSPORT=outbox), newest first, at most `limit` (default 50). */
export async function outboxMessages(deps: AppDeps, limit = 50) {
  return (await outbox.listOutbox(deps.db, { limit })).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
