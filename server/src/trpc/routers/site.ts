import { newsletterInput, smsCapacityInput, testimonialIdInput, testimonialInput } from '@walkon/domain/schemas';
import * as site from '../../services/site.ts';
import { emailWriteLimit, publicProcedure, roleProcedure, router } from '../init.ts';

const admin = roleProcedure('admin');

/** The public site: landing figures, testimonials, parks overview, newsletter; admin curation. */
export const siteRouter = router({
  /** { alertsSentToday, topRides[{rideName, alerts}], spotsLeftToday|null, spotsLeftTomorrow|null }. */
  stats: publicProcedure.query(({ ctx }) => site.publicStats(ctx.deps)),
  /** Testimonials in display order: { id, name, parkVisited, text, rating 1–5 }[], only the ones an admin entered (docs/DESIGN.md §6). */
  testimonials: publicProcedure.query(({ ctx }) => site.testimonials(ctx.deps)),
  /** Every catalogue park with destination, IANA time zone or null, and known ride count; UNAVAILABLE when nothing is stored and the source fails. */
  parks: publicProcedure.query(({ ctx }) => site.parks(ctx.deps)),
  /**
   * Newsletter sign-up → { ok } for a new and a known address alike (no membership leak); TOO_MANY_REQUESTS
   * past the e-mailing-write limits (per client and per address, docs/security.md).
   */
  subscribeNewsletter: publicProcedure
    .input(newsletterInput)
    .use(emailWriteLimit((input: { email: string }) => input.email))
    .mutation(({ ctx, input }) => site.subscribeNewsletter(ctx.deps, input.email, ctx.user?.id ?? null)),
  /** Admin: add a testimonial. */
  addTestimonial: admin.input(testimonialInput).mutation(({ ctx, input }) => site.addTestimonial(ctx.deps, input)),
  /** Admin: delete a testimonial. NOT_FOUND when missing. */
  deleteTestimonial: admin.input(testimonialIdInput).mutation(({ ctx, input }) => site.deleteTestimonial(ctx.deps, input.id)),
  /** Admin: the daily SMS capacity (spots) → { capacity | null }. */
  smsCapacity: admin.query(({ ctx }) => site.smsCapacity(ctx.deps)),
  /** Admin: set the daily SMS capacity (0 hides the banner). */
  setSmsCapacity: admin.input(smsCapacityInput).mutation(({ ctx, input }) => site.setSmsCapacity(ctx.deps, input.capacity)),
});
