import {
  disneyConnectInput,
  llAdminConfirmInput,
  llAutoBookingInput,
  llBookInput,
  llCancelInput,
  llCheckoutInput,
  llConfirmInput,
  llParkInput,
  llPreferenceDeleteInput,
  llPreferenceInput,
} from '@walkon/domain/schemas';
import * as ll from '../../services/lightningLane.ts';
import * as account from '../../services/lightningLaneAccount.ts';
import { gatedProtectedProcedure, roleProcedure, router } from '../init.ts';

/** Every user procedure: behind the `lightning_lane` gate (FORBIDDEN), then sign-in (UNAUTHORIZED). */
const gated = gatedProtectedProcedure('lightning_lane');

/**
 * Lightning Lane assist (docs/spec/part-2.md §2–§5, §7; docs/DESIGN.md §5, §6). Bookings are simulated (the only
 * `LightningLaneBooker`); availability is real live data; the Disney link is confirmed by an operator.
 */
export const lightningLaneRouter = router({
  /** check-disney-connection + page state → { disneyAccount | null, isConnected, autoBooking, passes[], booker }. */
  status: gated.query(({ ctx }) => account.status(ctx.deps, ctx.user)),
  /** send-disney-invitation (step 1) → { success, message, invitation{invitation_sent_at, expires_at}, disneyAccount }. */
  connect: gated.input(disneyConnectInput).mutation(({ ctx, input }) => account.connect(ctx.deps, ctx.user, input)),
  /** Disconnect: deletes the link → { disconnected }. */
  disconnect: gated.mutation(({ ctx }) => account.disconnect(ctx.deps, ctx.user)),
  /** check-lightning-lane-subscription → { subscribed, activeToday, days, subscriptionEnd, today, parkId, parkName }. */
  subscription: gated.input(llParkInput).query(({ ctx, input }) => account.subscription(ctx.deps, ctx.user, input.parkId)),
  /** create-lightning-lane-subscription (step 2, $5/day via Stripe Checkout) → { url, sessionId }. */
  createCheckout: gated.input(llCheckoutInput).mutation(({ ctx, input }) => account.createCheckout(ctx.deps, ctx.user, input)),
  /** Payment return of step 2 → { status, parkId, parkName, days, amountCents }. */
  confirmCheckout: gated.input(llConfirmInput).mutation(({ ctx, input }) => account.confirmCheckout(ctx.deps, ctx.user, input.sessionId)),
  /** Live availability → { parkId, parkName, timezone, today, polledAt, fresh, source, lanes[] }. */
  availability: gated.input(llParkInput).query(({ ctx, input }) => ll.availability(ctx.deps, input.parkId)),
  /** The user's preferences for a park → [{ attractionId, priority, windowStart, windowEnd, maxPrice }]. */
  preferences: gated.input(llParkInput).query(({ ctx, input }) => ll.preferences(ctx.deps, ctx.user, input.parkId)),
  /** Creates or replaces a preference → the stored preference. */
  savePreference: gated.input(llPreferenceInput).mutation(({ ctx, input }) => ll.savePreference(ctx.deps, ctx.user, input)),
  /** Removes a preference → { removed }. */
  deletePreference: gated
    .input(llPreferenceDeleteInput)
    .mutation(({ ctx, input }) => ll.deletePreference(ctx.deps, ctx.user, input.attractionId)),
  /** The auto-booking switch → { autoBooking }. */
  setAutoBooking: gated.input(llAutoBookingInput).mutation(({ ctx, input }) => ll.setAutoBooking(ctx.deps, ctx.user, input.enabled)),
  /** The user's bookings, newest first. */
  bookings: gated.query(({ ctx }) => ll.bookings(ctx.deps, ctx.user)),
  /** Books an available lane (simulated) → the booking. */
  book: gated.input(llBookInput).mutation(({ ctx, input }) => ll.book(ctx.deps, ctx.user, input)),
  /** Cancels a booking → the booking (status cancelled). */
  cancel: gated.input(llCancelInput).mutation(({ ctx, input }) => ll.cancel(ctx.deps, ctx.user, input.bookingId)),
  /** Admin: every Disney link, pending first. */
  adminLinks: roleProcedure('admin').query(({ ctx }) => account.adminLinks(ctx.deps)),
  /** Admin: confirms a pending invitation → the link (connected). */
  adminConfirm: roleProcedure('admin')
    .input(llAdminConfirmInput)
    .mutation(({ ctx, input }) => account.adminConfirm(ctx.deps, ctx.user, input.userId)),
});
