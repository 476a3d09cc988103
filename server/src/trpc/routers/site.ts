import { emailSchema, text } from '@walkon/domain/schemas';
import { z } from 'zod';
import * as siteService from '../../services/site.ts';
import { loadCatalogue } from '../../services/waitTimes.ts';
import { limitEmailWrite, publicProcedure, roleProcedure, router } from '../init.ts';

/** The public site (issue 4): landing figures, testimonials, parks overview, newsletter; admin curation. */
export const siteRouter = router({
  /** { alertsSentToday, topRides[{rideName, alerts}], spotsLeftToday|null, spotsLeftTomorrow|null }. */
  stats: publicProcedure.query(({ ctx }) => siteService.publicStats(ctx.deps)),
  /** Testimonials in display order: { id, name, parkVisited, text, rating 1–5 }[], only the ones an admin entered (DESIGN §6). */
  testimonials: publicProcedure.query(({ ctx }) => siteService.testimonials(ctx.deps)),
  /** Every catalogue park (loaded from the source on a fresh database) with destination, IANA time zone or null, and known ride count; UNAVAILABLE when nothing is stored and the source fails. */
  parks: publicProcedure.query(async ({ ctx }) => {
    await loadCatalogue(ctx.deps);
    return siteService.parksOverview(ctx.deps);
  }),
  /**
   * Newsletter sign-up → { ok } for a new and a known address alike (no membership leak); TOO_MANY_REQUESTS
   * past the e-mailing-write limits (per client and per address, README "Security").
   */
  subscribeNewsletter: publicProcedure
    .input(z.object({ email: z.string({ error: 'Please enter a valid email address' }).pipe(emailSchema) }))
    .use(async ({ ctx, path, input, next }) => {
      await limitEmailWrite(ctx, path, input.email);
      return next();
    })
    .mutation(({ ctx, input }) => siteService.subscribeNewsletter(ctx.deps, input.email, ctx.user?.id ?? null)),
  /** Admin: add a testimonial. */
  addTestimonial: roleProcedure('admin')
    .input(
      z.object({
        name: text('Name', { min: 1, max: 80 }),
        parkVisited: text('Park', { min: 1, max: 120 }),
        text: text('Testimonial', { min: 10, max: 600, multiline: true, tooShort: 'Testimonial must be at least 10 characters' }),
        rating: z.number().int().min(1).max(5),
      }),
    )
    .mutation(({ ctx, input }) => siteService.addTestimonial(ctx.deps, input)),
  /** Admin: delete a testimonial. NOT_FOUND when missing. */
  deleteTestimonial: roleProcedure('admin')
    .input(z.object({ id: z.uuid('Invalid id') }))
    .mutation(({ ctx, input }) => siteService.deleteTestimonial(ctx.deps, input.id)),
  /** Admin: the daily SMS capacity (spots) → { capacity | null }. */
  smsCapacity: roleProcedure('admin').query(({ ctx }) => siteService.smsCapacity(ctx.deps)),
  /** Admin: set the daily SMS capacity (0 hides the banner). */
  setSmsCapacity: roleProcedure('admin')
    .input(z.object({ capacity: z.number().int().min(0).max(100_000) }))
    .mutation(({ ctx, input }) => siteService.setSmsCapacity(ctx.deps, input.capacity)),
});
