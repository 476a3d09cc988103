import {
  adminAddItemInput,
  adminDeleteItemInput,
  alertDailyCapsInput,
  outboxListInput,
  promoCreateInput,
  promoSetActiveInput,
  roleChangeInput,
} from '@walkon/domain/schemas';
import * as adminService from '../../services/admin.ts';
import * as alertCaps from '../../services/alertCaps.ts';
import * as rankings from '../../services/rankings.ts';
import * as roles from '../../services/roles.ts';
import { roleProcedure, router } from '../init.ts';

const admin = roleProcedure('admin');

/** The admin area (docs/spec/part-2.md §2 Admin, §6): admins only, enforced here. */
export const adminRouter = router({
  /** Promo codes with their use counts, newest first. */
  promoCodes: admin.query(({ ctx }) => adminService.promoCodes(ctx.deps)),
  /** Creates a promo code (upper-cased; free e-mail days or a percentage off) → { code }. CONFLICT when it exists. */
  createPromoCode: admin.input(promoCreateInput).mutation(({ ctx, input }) => adminService.createPromoCode(ctx.deps, ctx.user, input)),
  /** Turns a promo code on or off. NOT_FOUND for an unknown code. */
  setPromoCodeActive: admin.input(promoSetActiveInput).mutation(({ ctx, input }) => adminService.setPromoCodeActive(ctx.deps, input)),
  /** The 50 newest checkout sessions (amounts in cents) with their status. */
  checkouts: admin.query(({ ctx }) => adminService.checkouts(ctx.deps)),
  /** Existing items ordered by name. */
  items: admin.query(({ ctx }) => rankings.adminItems(ctx.deps)),
  /** Add an item (name and park required: "Please fill in all required fields"). */
  addItem: admin.input(adminAddItemInput).mutation(({ ctx, input }) => rankings.addItem(ctx.deps, ctx.user, input)),
  /** Delete an item (its ratings and requests go with it). NOT_FOUND when missing. */
  deleteItem: admin.input(adminDeleteItemInput).mutation(({ ctx, input }) => rankings.deleteItem(ctx.deps, input.id)),
  /** Accounts with the moderator or admin role, and the newest role changes → { holders[{ id, email, fullName, roles }], audit[] }. */
  roles: admin.query(({ ctx }) => roles.overview(ctx.deps)),
  /** Grants a role by account e-mail → { changed }. NOT_FOUND when no account uses the address. */
  grantRole: admin.input(roleChangeInput).mutation(({ ctx, input }) => roles.changeRole(ctx.deps, ctx.user, { ...input, action: 'grant' })),
  /** Revokes a role by account e-mail → { changed }. BAD_REQUEST for the last admin; NOT_FOUND for an unknown address. */
  revokeRole: admin
    .input(roleChangeInput)
    .mutation(({ ctx, input }) => roles.changeRole(ctx.deps, ctx.user, { ...input, action: 'revoke' })),
  /** Daily alert caps per person and channel (docs/DESIGN.md §2.5) → { sms, email, defaults, min, max }; the alert engine reads them. */
  alertDailyCaps: admin.query(({ ctx }) => alertCaps.get(ctx.deps)),
  /** Sets the daily alert caps (whole numbers 1–500 per person, channel and day) → the caps in force. */
  setAlertDailyCaps: admin.input(alertDailyCapsInput).mutation(({ ctx, input }) => alertCaps.set(ctx.deps, input)),
  /** The outbox (messages of NOTIFY_TRANSPORT=outbox), newest first. */
  outbox: admin.input(outboxListInput).query(({ ctx, input }) => adminService.outboxMessages(ctx.deps, input?.limit)),
});
