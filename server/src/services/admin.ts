import { outbox, payments, promo } from '@walkon/db';
import type { promoCreateInput } from '@walkon/domain/schemas';
import type { z } from 'zod';
import type { SessionUser } from '../auth/session.ts';
import { AppError } from '../errors.ts';
import type { AppDeps } from '../trpc/init.ts';

/** Promo codes with their use counts, newest first (admin area, spec part 2 §2 Admin). */
export function promoCodes(deps: AppDeps) {
  return promo.list(deps.db);
}

/**
 * Creates a promo code (upper-cased; free e-mail days or a percentage off) by `admin` → { code }.
 * @throws AppError CONFLICT when the code exists.
 */
export async function createPromoCode(deps: AppDeps, admin: SessionUser, input: z.output<typeof promoCreateInput>) {
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
  return { code: input.code };
}

/** Turns a promo code on or off → { ok }. @throws AppError NOT_FOUND for an unknown code. */
export async function setPromoCodeActive(deps: AppDeps, code: string, active: boolean) {
  if (!(await promo.setActive(deps.db, code, active))) throw new AppError('NOT_FOUND', 'No such promo code.');
  return { ok: true as const };
}

/** The 50 newest checkout sessions (amounts in cents) with their status. */
export function recentCheckouts(deps: AppDeps) {
  return payments.listRecentCheckouts(deps.db);
}

/** The newest `limit` outbox messages (NOTIFY_TRANSPORT=outbox), instants as ISO strings. */
export async function outboxMessages(deps: AppDeps, limit: number) {
  return (await outbox.listOutbox(deps.db, { limit })).map((m) => ({ ...m, created_at: m.created_at.toISOString() }));
}
