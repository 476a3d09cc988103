import { affiliateApplicationInput } from '@walkon/domain/schemas';
import { z } from 'zod';
import * as service from '../../services/affiliate.ts';
import { limitEmailWrite, publicProcedure, roleProcedure, router } from '../init.ts';

/** Affiliate program (issue 7, spec part 2 §2, §5): anyone applies; admins review. */
export const affiliateRouter = router({
  /**
   * Submit an application → { ok, totalFollowers }. Validated with the spec's rules; total_followers is computed here, never
   * taken from the browser; the signed-in user's id is attached; a confirmation e-mail is queued.
   * TOO_MANY_REQUESTS past the e-mailing-write limits (per client and per address, README "Security").
   */
  submit: publicProcedure
    .input(affiliateApplicationInput)
    .use(async ({ ctx, path, input, next }) => {
      await limitEmailWrite(ctx, path, input.email);
      return next();
    })
    .mutation(({ ctx, input }) => service.submitApplication(ctx.deps, ctx.user, input)),
  /** Admin: applications, newest first, optionally by status. */
  list: roleProcedure('admin')
    .input(z.object({ status: z.enum(['new', 'contacted', 'accepted', 'declined']).optional() }).optional())
    .query(({ ctx, input }) => service.listApplications(ctx.deps, input?.status)),
  /** Admin: set an application's status (new / contacted / accepted / declined). */
  setStatus: roleProcedure('admin')
    .input(z.object({ id: z.uuid('Invalid id.'), status: z.enum(['new', 'contacted', 'accepted', 'declined']) }))
    .mutation(({ ctx, input }) => service.setApplicationStatus(ctx.deps, input.id, input.status)),
});
