import { alertDailyCapsInput, entityId, promoCreateInput, promoSetActiveInput, roleChangeInput, text } from '@walkon/domain/schemas';
import { z } from 'zod';
import * as service from '../../services/admin.ts';
import * as alertCaps from '../../services/alertCaps.ts';
import * as rankings from '../../services/rankings.ts';
import * as roles from '../../services/roles.ts';
import { roleProcedure, router } from '../init.ts';

const admin = roleProcedure('admin');

/** The admin area (spec part 2 §2 Admin, §6): admins only, enforced here. */
export const adminRouter = router({
  /** Promo codes with their use counts, newest first (issue 3 item 4). */
  promoCodes: admin.query(({ ctx }) => service.promoCodes(ctx.deps)),
  /** Creates a promo code (upper-cased; free e-mail days or a percentage off). @throws CONFLICT when it exists. */
  createPromoCode: admin.input(promoCreateInput).mutation(({ ctx, input }) => service.createPromoCode(ctx.deps, ctx.user, input)),
  /** Turns a promo code on or off. @throws NOT_FOUND for an unknown code. */
  setPromoCodeActive: admin
    .input(promoSetActiveInput)
    .mutation(({ ctx, input }) => service.setPromoCodeActive(ctx.deps, input.code, input.active)),
  /** The 50 newest checkout sessions (amounts in cents) with their status. */
  checkouts: admin.query(({ ctx }) => service.recentCheckouts(ctx.deps)),
  /** Existing items ordered by name. */
  items: admin.query(({ ctx }) => rankings.adminItems(ctx.deps)),
  /** Add an item (name and park required: "Please fill in all required fields"). */
  addItem: admin
    .input(
      z.object({
        name: text('Name', { min: 1, max: 120, required: 'Please fill in all required fields' }),
        type: z.enum(['ride', 'food', 'experience']),
        parkId: entityId,
        description: text('Description', { max: 1000, multiline: true }).optional().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => rankings.addItem(ctx.deps, ctx.user, input)),
  /** Delete an item (its ratings and requests go with it). */
  deleteItem: admin
    .input(z.object({ id: z.uuid('Invalid item id.') }))
    .mutation(({ ctx, input }) => rankings.deleteItem(ctx.deps, input.id)),
  /** Accounts with the moderator or admin role, and the newest role changes → { holders[{ id, email, fullName, roles }], audit[] }. */
  roles: admin.query(({ ctx }) => roles.overview(ctx.deps)),
  /** Grants a role by account e-mail → { changed }. NOT_FOUND when no account uses the address. */
  grantRole: admin.input(roleChangeInput).mutation(({ ctx, input }) => roles.changeRole(ctx.deps, ctx.user, { ...input, action: 'grant' })),
  /** Revokes a role by account e-mail → { changed }. BAD_REQUEST for the last admin; NOT_FOUND for an unknown address. */
  revokeRole: admin
    .input(roleChangeInput)
    .mutation(({ ctx, input }) => roles.changeRole(ctx.deps, ctx.user, { ...input, action: 'revoke' })),
  /** Daily alert caps per person and channel (DESIGN §2.5) → { sms, email, defaults, min, max }; the alert engine reads them. */
  alertDailyCaps: admin.query(({ ctx }) => alertCaps.get(ctx.deps)),
  /** Sets the daily alert caps (whole numbers 1–500 per person, channel and day) → the caps in force. */
  setAlertDailyCaps: admin.input(alertDailyCapsInput).mutation(({ ctx, input }) => alertCaps.set(ctx.deps, input)),
  /** The outbox (messages of NOTIFY_TRANSPORT=outbox), newest first. */
  outbox: admin
    .input(z.object({ limit: z.number().int().min(1).max(200).default(50) }).optional())
    .query(({ ctx, input }) => service.outboxMessages(ctx.deps, input?.limit ?? 50)),
});
