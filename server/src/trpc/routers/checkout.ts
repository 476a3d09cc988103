import {
  checkoutConfirmInput,
  checkoutCreateInput,
  parkInput,
  promoCheckInput,
  promoOutcomeInput,
  promoRedeemInput,
} from '@walkon/domain/schemas';
import * as checkout from '../../services/checkout/index.ts';
import { emailWriteLimit, publicProcedure, router } from '../init.ts';

/**
 * Paid and promo passes (docs/spec/part-1.md §2, §7, §8). Open to visitors without an account (identity is
 * the e-mail, docs/spec/part-1.md §1); prices, dates, phone numbers and promo codes are all decided here.
 */
export const checkoutRouter = router({
  /** The pass calendar's bounds for a park → { parkId, parkName, timezone, today, maxDate } (park-local dates). */
  passCalendar: publicProcedure.input(parkInput).query(({ ctx, input }) => checkout.passCalendar(ctx.deps, input.parkId)),
  /** create-checkout → { url, sessionId }: the browser is redirected to `url` (Stripe Checkout). */
  create: publicProcedure
    .input(checkoutCreateInput)
    .mutation(({ ctx, input }) => checkout.createCheckout(ctx.deps, ctx.req.ip, ctx.user, input)),
  /** Payment return: fulfils a paid session once → { status, channel, parkName, days, amountCents, transactionId }. */
  confirm: publicProcedure.input(checkoutConfirmInput).mutation(({ ctx, input }) => checkout.confirmCheckout(ctx.deps, input.sessionId)),
  /** The promo pass's success page (same shape as `confirm`, amount 0) by the redemption id redeemPromo returned. */
  promoOutcome: publicProcedure.input(promoOutcomeInput).query(({ ctx, input }) => checkout.promoOutcome(ctx.deps, input.redemptionId)),
  /** "Apply": what a promo code gives → { code, kind, channel, days, percentOff } or "The promo code you entered is not valid." */
  checkPromo: publicProcedure.input(promoCheckInput).mutation(({ ctx, input }) => checkout.checkPromo(ctx.deps, ctx.req.ip, input.code)),
  /**
   * The free e-mail form: redeems a free-days code for an e-mail and park → { parkName, email, days, redemptionId }.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  redeemPromo: publicProcedure
    .input(promoRedeemInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => checkout.redeemPromo(ctx.deps, ctx.req.ip, ctx.user, input)),
});
