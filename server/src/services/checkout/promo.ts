import { promo, subscriptions } from '@walkon/db';
import { addDaysToDate, parkLocalDate } from '@walkon/domain/dates';
import type { PassChannel } from '@walkon/domain/pricing';
import type { SessionUser } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { reservePromoGuess } from '../../security/promoGuesses.ts';
import { queueAlertsOn } from '../alertsOn.ts';
import { loadRides, requireZonedPark, syncScheduler } from '../parks.ts';
import { type CheckoutOutcome, queueReceipt, setupDefaultRides } from './fulfilment.ts';
import { validatePassDates } from './rules.ts';

/** "The promo code you entered is not valid." (docs/spec/part-1.md §8). */
export const INVALID_PROMO = 'The promo code you entered is not valid.';

type PromoRow = NonNullable<Awaited<ReturnType<typeof promo.find>>>;

/** Whether a promo code can be used now on `channel` (active, not expired, uses left, channel matches). */
export function promoUsable(code: PromoRow | undefined, channel: PassChannel, now: Date): code is PromoRow {
  if (!code?.active) return false;
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return false;
  if (code.maxUses !== null && code.uses >= code.maxUses) return false;
  return code.channel === 'any' || code.channel === channel;
}

/**
 * Checks a promo code for the "Apply" buttons (docs/spec/part-1.md §2, §8). Never reveals other codes. Each call is a
 * guess from `clientKey` (security/promoGuesses.ts: 5 per client within a global budget; a valid code's is given back).
 * @returns what the code gives: free e-mail days or a percentage off.
 * @throws AppError BAD_REQUEST INVALID_PROMO; TOO_MANY_REQUESTS after repeated wrong codes.
 */
export async function checkPromo(deps: AppDeps, clientKey: string, code: string) {
  const guess = await reservePromoGuess(deps, clientKey, code);
  const row = await promo.find(deps.db, code);
  const now = deps.now();
  const valid = !!row && (promoUsable(row, 'email', now) || promoUsable(row, 'sms', now));
  await guess.settle(valid);
  if (!row || !valid) throw new AppError('BAD_REQUEST', INVALID_PROMO);
  return { code: row.code, kind: row.kind, channel: row.channel, days: row.days, percentOff: row.percentOff };
}

/**
 * The free e-mail form behind a valid promo code (docs/spec/part-1.md §2 "Want alerts for FREE?", §6 "the free promo
 * is for e-mail alerts only and lasts one day"): in one transaction the code is locked, checked (usable on
 * e-mail, not used by this e-mail before) and redeemed, and the e-mail gets `days` free pass days from
 * `date` (default the park-local today) with every ride of the park watched (setup-default-rides). A receipt
 * e-mail is queued. → { parkId, parkName, email, days, redemptionId } (`redemptionId` opens the success page).
 * @throws AppError BAD_REQUEST INVALID_PROMO or a date rule; CONFLICT when this e-mail used the code already.
 */
export async function redeemPromo(
  deps: AppDeps,
  clientKey: string,
  user: SessionUser | null,
  input: { email: string; parkId: string; code: string; date?: string },
) {
  const park = await requireZonedPark(deps, input.parkId);
  const now = deps.now();
  const today = parkLocalDate(now, park.timezone);
  const [first] = validatePassDates([input.date ?? today], today);
  await loadRides(deps, input.parkId);
  // The code is a guess (security/promoGuesses.ts) from here on; park and date errors above are not.
  const guess = await reservePromoGuess(deps, clientKey, input.code);
  const result = await deps.db.transaction().execute(async (tx) => {
    const row = await promo.find(tx, input.code, true);
    if (!promoUsable(row, 'email', now) || row.kind !== 'free_days') return { invalid: true as const };
    await guess.settle(true);
    const redemptionId = await promo.redeem(tx, { code: row.code, email: input.email, parkId: input.parkId, firstDay: first! });
    if (!redemptionId) throw new AppError('CONFLICT', 'You have already used this promo code.');
    const days = Array.from({ length: row.days }, (_, i) => addDaysToDate(first!, i));
    await subscriptions.grantPassDays(tx, {
      email: input.email,
      parkId: input.parkId,
      userId: user?.email === input.email ? user.id : null,
      channel: 'email',
      days,
      source: 'promo',
      reference: row.code,
      promoCode: row.code,
    });
    await setupDefaultRides(tx, input.email, input.parkId, user?.email === input.email ? user.id : null);
    return { invalid: false as const, redemptionId, days };
  });
  if (result.invalid) throw new AppError('BAD_REQUEST', INVALID_PROMO);
  await syncScheduler(deps, input.parkId);
  // The "alerts on" claim first: the receipt job then knows whether a text went already (one text, R24).
  await queueAlertsOn(deps, input.email, input.parkId, `promo:${result.redemptionId}`, { grantedDays: result.days });
  await queueReceipt(deps, 'promo', result.redemptionId);
  return { parkId: park.id, parkName: park.name, email: input.email, days: result.days, redemptionId: result.redemptionId };
}

/**
 * The success page of a free promo pass (the same end as a card payment): what the
 * redemption `redemptionId` (a random UUID, known only to the browser that redeemed it) granted, in the shape
 * of a checkout outcome (amount 0, the code as the reference).
 * @throws AppError NOT_FOUND for an unknown redemption or one that discounted a card payment.
 */
export async function promoOutcome(deps: AppDeps, redemptionId: string): Promise<CheckoutOutcome> {
  const r = await deps.db
    .selectFrom('promo_redemptions as r')
    .innerJoin('parks as p', 'p.id', 'r.park_id')
    .select(['r.code', 'r.email', 'r.park_id as parkId', 'p.name as parkName'])
    .where('r.id', '=', redemptionId)
    .where('r.checkout_session_id', 'is', null)
    .executeTakeFirst();
  if (!r) throw new AppError('NOT_FOUND', 'We could not find this promo pass.');
  const days = (await subscriptions.heldDaysFrom(deps.db, r.email, r.parkId, { source: 'promo', reference: r.code })).map((d) => d.day);
  return {
    status: 'fulfilled',
    channel: 'email',
    parkId: r.parkId,
    parkName: r.parkName,
    days,
    amountCents: 0,
    transactionId: r.code,
    ridesPending: await subscriptions.ridesPending(deps.db, r.email, r.parkId),
    promo: true,
  };
}
